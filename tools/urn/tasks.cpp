// SPDX-License-Identifier: BSL-1.0
// The urn command: the inputs of -j N as tasks (tasks.hpp).
#include "tasks.hpp"

#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace urn_tool {

namespace {

// A range's size, and the reader's buffer: so the most a task holds (but
// for one long line). With at most 2 N + 2 tasks in flight, the memory
// stays a few megabytes per thread, whatever the input's size. Smaller
// blocks mean fewer pages touched by the tasks' output: on a machine where
// a page fault is dear (a paravirtualized guest: about 13 us), 128 KiB
// took 0.97 of the CPU time of 256 KiB for `urn check -j 2`.
constexpr std::size_t block_size = std::size_t(128) << 10;

/** Whether the file open at `fd` is read by ranges: a regular file, not
    gzip, that says it has bytes; `size` is its size, and what is appended
    to it after this (but for the rest of its last line) is not read.
    Standard input is not (its offset may not be 0), nor a file of size 0
    (those of /proc have lines all the same), nor one whose first bytes
    cannot be read (the reader reports why). */
bool by_ranges(int fd, std::uint64_t& size)
{
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
        return false;
    unsigned char magic[2];
    ssize_t const n = ::pread(fd, magic, 2, 0);
    if (n < 0 || (n == 2 && magic[0] == 0x1f && magic[1] == 0x8b))
        return false;
    size = static_cast<std::uint64_t>(st.st_size);
    return true;
}

} // namespace

bool task_source::next(task& t, int& status)
{
    static std::vector<inputs::item> const stdin_only{{true, "-"}};
    std::vector<inputs::item> const& items = in_.items.empty() ? stdin_only : in_.items;
    for (;;) {
        if (ranged_) {
            t.file = name_;
            t.file_no = file_no_;
            if (at_ < size_) {
                t.what = task::kind::range;
                t.input = file_;
                t.begin = at_;
                t.end = size_ - at_ > block_size ? at_ + block_size : size_;
                t.seq = seq_++;
                t.first_range = at_ == 0;
                at_ = t.end;
                return true;
            }
            t.what = task::kind::file_end;
            ranged_ = false;
            file_.reset();
            return true;
        }
        if (reader_) {
            t.file = name_;
            std::string_view block;
            auto const st = reader_->next_block(block, t.line, t.offset, t.block);
            switch (st) {
            case line_reader::status::line:
                t.what = task::kind::lines;
                t.lines = block;
                return true;
            case line_reader::status::too_long:
                t.what = task::kind::too_long;
                t.line = reader_->line_number();
                return true;
            case line_reader::status::end:
                t.what = task::kind::file_end;
                break;
            case line_reader::status::error:
                t.what = task::kind::message;
                t.opened = true;
                t.data = reader_->error_message();
                status = exit_usage;
                break;
            }
            reader_.reset();
            file_.reset();
            return true;
        }
        if (next_ == items.size())
            return false;
        inputs::item const& it = items[next_++];
        if (!it.is_file) {
            t.what = task::kind::argument;
            t.line = ++argument_;
            t.text = it.text;
            return true;
        }
        std::string const path(it.text);
        name_ = path == "-" ? in_.stdin_name : it.text;
        file_ = std::make_shared<input_file>(path);
        if (file_->fd() < 0) {
            t.what = task::kind::message;
            t.file = name_;
            t.data = std::strerror(file_->error());
            status = exit_usage;
            file_.reset();
            return true;
        }
        if (path != "-" && by_ranges(file_->fd(), size_)) {
            ranged_ = true;
            at_ = 0;
            ++file_no_;
            continue;
        }
        reader_ = std::make_unique<line_reader>(file_->fd(), block_size, max_line_);
    }
}

} // namespace urn_tool
