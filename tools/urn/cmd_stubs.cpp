// The urn command: the subcommands whose library parts have not landed yet.
#include "commands.hpp"

namespace urn_tool {

namespace {

int normalize_run(arg_cursor& a)
{
    if (a.more() && (a.flag("--help") || a.flag("-h"))) return print_help(normalize_command);
    return not_available("normalize", "urns/equivalence.hpp");
}
int equal_run(arg_cursor& a)
{
    if (a.more() && (a.flag("--help") || a.flag("-h"))) return print_help(equal_command);
    return not_available("equal", "urns/equivalence.hpp");
}
int encode_run(arg_cursor& a)
{
    if (a.more() && (a.flag("--help") || a.flag("-h"))) return print_help(encode_command);
    return not_available("encode", "urns/make_urn.hpp");
}

} // namespace

command const normalize_command{"normalize", "print the canonical form of each URN",
                                "usage: urn normalize [OPTIONS] [URN...]\n\nNot available in this build.\n", normalize_run};
command const equal_command{"equal", "tell whether two URNs are equivalent, and why not",
                            "usage: urn equal [OPTIONS] A B\n\nNot available in this build.\n", equal_run};
command const encode_command{"encode", "make a URN from a NID and a raw identifier",
                             "usage: urn encode [OPTIONS] NID IDENTIFIER\n\nNot available in this build.\n", encode_run};

} // namespace urn_tool
