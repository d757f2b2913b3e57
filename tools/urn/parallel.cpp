// SPDX-License-Identifier: BSL-1.0
// The urn command: the -j N driver. N threads (the caller among them) each
// take, in turn, the next task: a range of bytes of a regular file, which
// the thread then reads itself (pread), or a block of whole lines read
// under the lock (standard input, gzip), and turn it into captured output;
// whoever finishes the oldest task writes every finished task at the front
// of the queue, in order (one writer at a time). No thread only reads: on
// N cores, N threads do all the work. The tasks are made by task_source
// (tasks.hpp).
#include "parallel.hpp"

#include "input_file.hpp"
#include "messages.hpp"
#include "namespaces.hpp"
#include "range_reader.hpp"
#include "streams.hpp"
#include "tasks.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <sched.h>
#include <unistd.h>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace urn_tool {

unsigned default_jobs() noexcept
{
    cpu_set_t set;
    if (::sched_getaffinity(0, sizeof set, &set) == 0) {
        int const n = CPU_COUNT(&set);
        if (n > 0)
            return static_cast<unsigned>(n);
    }
    unsigned const n = std::thread::hardware_concurrency();
    return n > 0 ? n : 1;
}

namespace {

// The most output a task holds before it streams it (drain): a long line
// with many results (extract on a line of a million URNs, parse of a
// query of a million directives) is written as it is made, once its turn
// comes, instead of being held whole.
constexpr std::size_t stream_limit = std::size_t(4) << 20;

int serial(inputs const& in, worker_factory const& make, file_end const& on_end)
{
    std::unique_ptr<line_worker> w = make();
    return for_each_input_block(
        in, [&](origin const& where, std::string_view text) { return w->line(where, text); },
        [&](std::string_view name, std::string_view block, std::size_t first_line, std::uint64_t first_offset,
            bool flush_each) {
            return w->lines(name, block, first_line, first_offset, in.max_line, flush_each);
        },
        [&](origin const& where) { w->too_long(where); },
        [&](std::string_view file) {
            if (on_end)
                on_end(file, w->count);
            w->count = 0;
        });
}

/** N threads (the caller and N - 1 more), each in turn reading the next
    task (under one lock, so tasks are made in input order) and working
    on it; whoever finishes the oldest unwritten task writes every
    finished task at the front, in order. At most 2 N + 2 tasks are
    unwritten at once. */
class pipeline {
public:
    pipeline(inputs const& in, unsigned jobs, worker_factory const& make, file_end const& on_end)
        : source_(in, in.max_line), max_line_(in.max_line), limit_(2 * std::size_t(jobs) + 2), jobs_(jobs),
          make_(make), on_end_(on_end), chain_(new chain_link[limit_ + 1])
    {
        free_.reserve(limit_ + 1);  // commit() (noexcept) puts tasks back without allocating
    }
    pipeline(pipeline const&) = delete;
    pipeline& operator=(pipeline const&) = delete;

    /// Reads and checks everything; returns the reading status, or
    /// throws what stopped the pipeline.
    int run()
    {
        std::vector<std::thread> threads;
        threads.reserve(jobs_ - 1);
        // A thread that cannot be started (no memory for its stack, a
        // limit on processes): the ones that could go on, the caller
        // among them, and a note says so; the output is the same.
        for (unsigned i = 1; i < jobs_; ++i) {
            try {
                threads.emplace_back([this] { work(); });
            } catch (std::system_error const& e) {
                complain("note: -j " + std::to_string(jobs_) + ": cannot start more threads (" + e.what() +
                         "): going on with " + std::to_string(i));
                break;
            }
        }
        work();
        for (std::thread& t : threads)
            t.join();
        if (failure_)
            std::rethrow_exception(failure_);
        return range_failed_ ? exit_usage : status_;
    }

private:
    static bool needs_work(task const& t) noexcept
    {
        return t.what == task::kind::range || t.what == task::kind::lines || t.what == task::kind::argument ||
               t.what == task::kind::too_long;
    }

    /** The number of the first line of range `t`: 1 for a file's first
        range, else what the range before it (taken just before it, maybe
        still being read by another thread) handed on; 0 if the pipeline
        stopped meanwhile. Each range hands on its first line number plus
        the lines that start in it (hand_on), as soon as it has counted
        them, before it works on them; so the wait is short and rare, and
        is first spent yielding, not asleep. */
    std::size_t first_line(task const& t)
    {
        if (t.first_range)
            return 1;
        chain_link const& before = chain_[(t.seq - 1) % (limit_ + 1)];
        for (int i = 0; i < 200; ++i) {
            if (before.seq.load(std::memory_order_acquire) == t.seq - 1)
                return before.next_line;
            std::this_thread::yield();
        }
        std::unique_lock<std::mutex> lk(m_);
        handed_on_.wait(lk, [&] { return before.seq.load(std::memory_order_acquire) == t.seq - 1 || stop_; });
        return before.seq.load(std::memory_order_acquire) == t.seq - 1 ? before.next_line : 0;
    }

    void hand_on(task const& t, std::size_t next_line)
    {
        // Its slot is free: the range that used it last, limit_ + 1
        // ranges before, was written before this one could be taken, and
        // the range after it read it before that.
        chain_link& mine = chain_[t.seq % (limit_ + 1)];
        mine.next_line = next_line;
        mine.seq.store(t.seq, std::memory_order_release);
        {
            std::lock_guard<std::mutex> lk(m_);  // a waiter sees the number or the notification
        }
        handed_on_.notify_all();
    }

    void fail(std::exception_ptr e) noexcept
    {
        std::lock_guard<std::mutex> lk(m_);
        if (!failure_)
            failure_ = e;
        stop_ = true;
        space_.notify_all();
        handed_on_.notify_all();
        written_.notify_all();
    }

    /// The next task, queued for writing in input order; null at the end
    /// or once the pipeline has stopped.
    task* next()
    {
        std::lock_guard<std::mutex> reading(read_m_);
        std::unique_ptr<task> t;
        {
            std::unique_lock<std::mutex> lk(m_);
            space_.wait(lk, [this] { return order_.size() < limit_ || stop_; });
            if (stop_ || source_done_)
                return nullptr;
            if (!free_.empty()) {
                t = std::move(free_.back());
                free_.pop_back();
            }
        }
        if (!t)
            t = std::make_unique<task>();
        bool const more = source_.next(*t, status_);
        std::lock_guard<std::mutex> lk(m_);
        if (!more) {
            source_done_ = true;
            t->clear();
            free_.push_back(std::move(t));
            return nullptr;
        }
        task* const raw = t.get();
        order_.push_back(std::move(t));
        return raw;
    }

    void work() noexcept
    {
        // Everything inside the try, the buffers' allocations too: what a
        // thread throws stops the pipeline, and run() throws it again.
        try {
            captured cap;
            // Room for a task's output (a block's worth, at most a few
            // times its size): flushed once, at the task's end, into `cap`
            // uncopied, unless a message in a buffer of its own flushes it
            // before.
            out_buffer o(cap, false, std::size_t(1) << 20);
            out_buffer e(cap, true, std::size_t(16) << 10);
            // One file for both streams: the messages go in order into
            // standard output's buffer, as without threads (real_err), not
            // one run each.
            capture_scope scope(&o, streams_same_file() ? &o : &e);
            task* current = nullptr;
            cap.limit = stream_limit;
            cap.on_full = [&] { drain(*current, cap); };
            std::unique_ptr<line_worker> const w = make_();
            while (task* const t = next()) {
                if (needs_work(*t)) {
                    current = t;
                    run(*t, *w);
                    o.flush();
                    e.flush();
                    t->output.swap_contents(cap);  // cap: the task's old buffers, to reuse
                    cap.clear();
                    t->count = w->count;
                    w->count = 0;
                }
                {
                    std::lock_guard<std::mutex> lk(m_);
                    t->done = true;
                }
                commit();
            }
        } catch (...) {
            fail(std::current_exception());
        }
    }

    void run(task& t, line_worker& w)
    {
        switch (t.what) {
        case task::kind::argument:
            w.line(origin{{}, t.line, 0}, t.text);
            break;
        case task::kind::too_long:
            w.too_long(origin{t.file, t.line, 0});
            break;
        case task::kind::range: {
            range_lines got;
            bool const ok = read_range(t.input->fd(), t.begin, t.end, max_line_, t.block, got);
            int const error = ok ? 0 : errno;
            std::size_t const first = first_line(t);
            if (first == 0)
                return;
            hand_on(t, first + got.starts);
            if (!ok) {
                // Reported in its place; the file's later tasks are not
                // written (write), as one thread stops reading the file.
                t.what = task::kind::message;
                t.opened = true;
                t.data = std::strerror(error);
                std::lock_guard<std::mutex> lk(m_);
                range_failed_ = true;
                return;
            }
            w.lines(t.file, got.lines, first, got.offset, max_line_, false);
            if (got.long_last)
                w.too_long(origin{t.file, first + got.starts - 1, 0});
            break;
        }
        case task::kind::lines:
            w.lines(t.file, t.lines, t.line, t.offset, max_line_, false);
            break;
        case task::kind::file_end:
        case task::kind::message:
            break;
        }
    }

    /** The output of task `t`, being worked on, has grown to
        stream_limit (a long line's many results): waits until every task
        before it is written, then writes what it holds (in its place:
        nothing before it is left) and empties it. So a task holds at most
        stream_limit and a buffer's worth of output, whatever its lines
        print. */
    void drain(task& t, captured& c)
    {
        std::unique_lock<std::mutex> lk(m_);
        written_.wait(lk, [&] { return stop_ || (!committing_ && !order_.empty() && order_.front().get() == &t); });
        if (stop_) {
            c.clear();  // the pipeline stops: nothing more is written
            return;
        }
        committing_ = true;
        lk.unlock();
        try {
            capture_scope const real(nullptr, nullptr);
            if (t.file_no == 0 || t.file_no != failed_file_)
                replay(c);
        } catch (...) {
            lk.lock();
            committing_ = false;
            lk.unlock();
            written_.notify_all();
            throw;
        }
        c.clear();
        if (c.capacity > 2 * stream_limit) {
            c.bytes.reset();  // what one large append made it grow to
            c.capacity = 0;
        }
        lk.lock();
        committing_ = false;
        lk.unlock();
        written_.notify_all();
    }

    /// Writes the finished tasks at the front, in order; one thread at a
    /// time (another that finds the writer busy leaves its task to it).
    void commit() noexcept
    {
        std::unique_lock<std::mutex> lk(m_);
        if (committing_)
            return;
        committing_ = true;
        while (!stop_ && !order_.empty() && order_.front()->done) {
            std::unique_ptr<task> t = std::move(order_.front());
            order_.pop_front();
            lk.unlock();
            try {
                capture_scope const real(nullptr, nullptr);
                write(*t);
            } catch (...) {
                lk.lock();
                committing_ = false;
                lk.unlock();
                fail(std::current_exception());
                return;
            }
            t->clear();
            lk.lock();
            free_.push_back(std::move(t));
            space_.notify_one();
        }
        committing_ = false;
        written_.notify_all();  // a task streaming its output may now be at the front
    }

    void write(task& t)
    {
        if (t.file_no != 0 && t.file_no == failed_file_)
            return;  // after a read error in the file
        if (t.what == task::kind::message && t.file_no != 0)
            failed_file_ = t.file_no;
        replay(t.output);
        if (line_buffered())
            out().flush();
        file_count_ += t.count;
        if (t.what == task::kind::file_end) {
            if (on_end_)
                on_end_(t.file, file_count_);
            file_count_ = 0;
        } else if (t.what == task::kind::message) {
            // As zgrep -c and -l: what was read of a damaged file is
            // counted (listed), then the error is said.
            if (t.opened && on_end_)
                on_end_(t.file, file_count_);
            file_count_ = 0;
            report_read_error(t.file, t.data);
        }
    }

    std::mutex read_m_;  // one reader at a time: tasks are made in input order
    task_source source_;
    int status_ = exit_ok;

    std::size_t const max_line_;
    std::size_t const limit_;  // unwritten tasks
    unsigned const jobs_;
    worker_factory const& make_;
    file_end const& on_end_;

    std::mutex m_;
    std::condition_variable space_;            // room for another task, or a stop
    std::condition_variable written_;          // the front task changed, or the writer is free, or a stop
    std::deque<std::unique_ptr<task>> order_;  // not yet written, in input order
    std::vector<std::unique_ptr<task>> free_;  // written, to reuse
    bool source_done_ = false;
    bool stop_ = false;
    bool committing_ = false;
    bool range_failed_ = false;  // a range could not be read
    std::exception_ptr failure_;
    std::uint64_t file_count_ = 0;  // the writer's: the current file's count so far
    std::uint64_t failed_file_ = 0; // the writer's: the file (file_no) of the last read error

    /// What a range hands on to the next (first_line): the number of the
    /// line after its lines, once `seq` is the range's.
    struct chain_link {
        std::atomic<std::uint64_t> seq{~std::uint64_t(0)};
        std::size_t next_line = 0;
    };
    std::condition_variable handed_on_;          // a range handed on, or a stop
    std::unique_ptr<chain_link[]> chain_;        // by range number, modulo limit_ + 1
};

} // namespace

int for_each_input_jobs(inputs const& in, worker_factory const& make, file_end const& on_end)
{
    unsigned const jobs = in.jobs != 0 ? in.jobs : default_jobs();
    bool const files = in.items.empty() || std::any_of(in.items.begin(), in.items.end(),
                                                       [](inputs::item const& it) { return it.is_file; });
    if (jobs <= 1 || !files)
        return serial(in, make, on_end);
    // Decided once, before any thread asks.
    (void)colored();
    (void)tool_registry();
    pipeline p(in, jobs, make, on_end);
    return p.run();
}

} // namespace urn_tool
