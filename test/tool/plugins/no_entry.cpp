// SPDX-License-Identifier: BSL-1.0
// A shared object that is not a urns plugin: no entry point.
extern "C" __attribute__((visibility("default"))) int not_a_plugin()
{
    return 0;
}
