// SPDX-License-Identifier: BSL-1.0
// The urn command: the inputs of -j N as tasks, in input order: URN
// arguments, the ranges of a regular file (each read by the thread that
// works on it) or the blocks of lines of another input (standard input,
// gzip), and the ends of files and read errors between them.
#ifndef URN_TOOL_TASKS_HPP
#define URN_TOOL_TASKS_HPP

#include "inputs.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace urn_tool {

/// One task of the pipeline (parallel.cpp): what to work on, or what
/// happened between the lines, and once worked on, its output.
struct task {
    enum class kind {
        range,     ///< the lines that start in a range of a regular file: read them, work
        lines,     ///< a block of lines: work
        argument,  ///< a URN argument: work
        too_long,  ///< a line skipped by the reader: work (the worker reports it)
        file_end,  ///< the end of a file: on_end
        message,   ///< a read error: report_read_error
    };
    kind what;
    std::string_view file;  ///< the file's name as reported (lives in `inputs`)
    std::size_t line = 0;   ///< first line, or the argument's index
    std::uint64_t offset = 0;
    std::string_view lines;          ///< the block of lines (in `block`)
    line_reader::storage block;      ///< the reader's buffer that holds them
    std::string data;                ///< the message
    std::string_view text;  ///< the argument (lives in `inputs`)
    captured output;        ///< what the worker wrote
    std::uint64_t count = 0;
    bool done = false;
    // A range: the file (kept open by its tasks), its bytes [begin, end),
    // the range's number among all ranges (for the line numbers, see
    // pipeline::first_line), and whether it is the file's first.
    std::shared_ptr<input_file> input;
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    std::uint64_t seq = 0;
    bool first_range = false;
    /// The file's number among the files read by ranges (0: another task):
    /// after a read error in one of them, its later tasks are not written.
    std::uint64_t file_no = 0;
    /// A message: a read error in a file that was opened (its lines so far
    /// were read and counted), not one that could not be opened.
    bool opened = false;

    /// Ready for reuse, keeping the memory of its strings.
    void clear() noexcept
    {
        file = {};
        line = 0;
        offset = 0;
        lines = {};  // `block` keeps its buffer, for the reader to take back
        data.clear();
        text = {};
        output.clear();
        count = 0;
        done = false;
        input.reset();
        file_no = 0;
        opened = false;
    }
};

/// The inputs in order, as tasks: URN arguments, the ranges or blocks of
/// lines of each file, and the events between them. Not thread-safe: the
/// pipeline calls it under its reading lock.
class task_source {
public:
    task_source(inputs const& in, std::size_t max_line) : in_(in), max_line_(max_line) {}

    /// Fills `t` with the next task; false at the end of the inputs.
    /// `status` becomes exit_usage when a file cannot be opened or read.
    bool next(task& t, int& status);

private:
    inputs const& in_;
    std::size_t const max_line_;
    std::size_t next_ = 0;      // the next item
    std::size_t argument_ = 0;  // URN arguments so far
    std::string_view name_;     // the current file's name
    std::shared_ptr<input_file> file_;
    std::unique_ptr<line_reader> reader_;
    bool ranged_ = false;       // the current file is read by ranges
    std::uint64_t size_ = 0;    // its size
    std::uint64_t at_ = 0;      // where its next range begins
    std::uint64_t seq_ = 0;     // ranges so far, of all files
    std::uint64_t file_no_ = 0; // files read by ranges so far
};

} // namespace urn_tool

#endif
