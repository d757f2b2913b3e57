// SPDX-License-Identifier: BSL-1.0
// Benchmark support (bench/ only): a user's translation unit, compiled by
// tools/bench.sh under /usr/bin/time to measure what including
// <urns/urns.hpp> costs. Never linked.
#include <urns/urns.hpp>

#include <cstdio>

int user_main(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        auto r = urns::parse_urn(argv[i], urns::syntax::rfc8141);
        if (r)
            std::printf("%.*s\n", static_cast<int>(r->nid().size()), r->nid().data());
        else
            std::printf("%s\n", urns::to_string(r.error(), argv[i]).c_str());
        urns::urn u = urns::urn::parse("urn:isbn:0451450523").value();
        std::printf("%s\n", u.c_str());
    }
    return 0;
}
