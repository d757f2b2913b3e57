// SPDX-License-Identifier: BSL-1.0
// The urn command: the -j N driver. The calling thread reads blocks of
// whole lines into tasks; workers turn tasks into captured output; whoever
// finishes the oldest task writes every finished task at the front of the
// queue, in order (one writer at a time).
#include "parallel.hpp"

#include <algorithm>
#include <cstring>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <sched.h>
#include <string>
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

constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

// The reader's buffer, and so the most a task holds (but for one long
// line): with at most 2 N + 2 tasks in flight, the memory stays a few
// megabytes per thread, whatever the input's size.
constexpr std::size_t block_size = std::size_t(256) << 10;

int serial(inputs const& in, worker_factory const& make, file_end const& on_end)
{
    std::unique_ptr<line_worker> w = make();
    return for_each_input(
        in, [&](origin const& where, std::string_view text) { return w->line(where, text); },
        [&](origin const& where) { w->too_long(where); },
        [&](std::string_view file) {
            if (on_end)
                on_end(file, w->count);
            w->count = 0;
        });
}

struct task {
    enum class kind {
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
    std::string data;       ///< the lines, or the message
    std::string_view text;  ///< the argument (lives in `inputs`)
    captured output;        ///< what the worker wrote
    std::uint64_t count = 0;
    bool done = false;

    /// Ready for reuse, keeping the memory of its strings.
    void clear() noexcept
    {
        file = {};
        line = 0;
        offset = 0;
        data.clear();
        text = {};
        output.bytes.clear();
        output.runs.clear();
        count = 0;
        done = false;
    }
};

class pipeline {
public:
    pipeline(unsigned jobs, std::size_t max_line, worker_factory const& make, file_end const& on_end)
        : max_line_(max_line), limit_(2 * std::size_t(jobs) + 2), make_(make), on_end_(on_end)
    {
        workers_.reserve(jobs);
        try {
            for (unsigned i = 0; i < jobs; ++i)
                workers_.emplace_back([this] { work(); });
        } catch (...) {
            fail(std::current_exception());
            finish();
            throw;
        }
    }
    pipeline(pipeline const&) = delete;
    pipeline& operator=(pipeline const&) = delete;
    ~pipeline()
    {
        {
            std::lock_guard<std::mutex> lk(m_);
            stop_ = true;
        }
        finish();
    }

    /// A task to fill: a written one (its buffers already the right
    /// size: fresh megabytes cost page faults), or a new one.
    std::unique_ptr<task> take()
    {
        {
            std::lock_guard<std::mutex> lk(m_);
            if (!free_.empty()) {
                std::unique_ptr<task> t = std::move(free_.back());
                free_.pop_back();
                return t;
            }
        }
        return std::make_unique<task>();
    }

    /// Queues a task (waiting while too many are in flight); false once
    /// the pipeline has stopped.
    bool push(std::unique_ptr<task> t)
    {
        bool const needs_work = t->what == task::kind::lines || t->what == task::kind::argument ||
                                t->what == task::kind::too_long;
        std::unique_lock<std::mutex> lk(m_);
        space_.wait(lk, [this] { return order_.size() < limit_ || stop_; });
        if (stop_)
            return false;
        task* const raw = t.get();
        raw->done = !needs_work;
        order_.push_back(std::move(t));
        if (needs_work) {
            todo_.push_back(raw);
            work_.notify_one();
            return true;
        }
        lk.unlock();
        commit();
        return true;
    }

    /// After the last push: waits until everything is written, stops the
    /// workers, and throws what stopped the pipeline, if anything did.
    void finish_and_rethrow()
    {
        {
            std::unique_lock<std::mutex> lk(m_);
            reading_done_ = true;
            work_.notify_all();
            drained_.wait(lk, [this] { return order_.empty() || stop_; });
        }
        finish();
        if (failure_)
            std::rethrow_exception(failure_);
    }

private:
    void finish() noexcept
    {
        {
            std::lock_guard<std::mutex> lk(m_);
            reading_done_ = true;
            work_.notify_all();
        }
        for (std::thread& t : workers_)
            if (t.joinable())
                t.join();
    }

    void fail(std::exception_ptr e) noexcept
    {
        std::lock_guard<std::mutex> lk(m_);
        if (!failure_)
            failure_ = e;
        stop_ = true;
        work_.notify_all();
        space_.notify_all();
        drained_.notify_all();
    }

    void work() noexcept
    {
        captured cap;
        out_buffer o(cap, false, std::size_t(64) << 10);
        out_buffer e(cap, true, std::size_t(16) << 10);
        capture_scope scope(&o, &e);
        try {
            std::unique_ptr<line_worker> const w = make_();
            for (;;) {
                task* t = nullptr;
                {
                    std::unique_lock<std::mutex> lk(m_);
                    work_.wait(lk, [this] { return !todo_.empty() || reading_done_ || stop_; });
                    if (stop_ || todo_.empty())
                        return;
                    t = todo_.front();
                    todo_.pop_front();
                }
                run(*t, *w);
                o.flush();
                e.flush();
                std::swap(t->output, cap);  // cap: the task's old buffers, to reuse
                cap.bytes.clear();
                cap.runs.clear();
                t->count = w->count;
                w->count = 0;
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
        case task::kind::lines:
            for_each_line(
                t.data, t.line, t.offset, max_line_,
                [&](std::size_t line, std::uint64_t offset, std::string_view text) {
                    origin where{t.file, line, offset};
                    if (line == 1 && offset == 0 && text.substr(0, 3) == utf8_bom) {
                        text.remove_prefix(3);
                        where.offset = where.bom = 3;
                    }
                    if (!text.empty())
                        w.line(where, text);
                    return true;
                },
                [&](std::size_t line) { w.too_long(origin{t.file, line, 0}); });
            break;
        case task::kind::file_end:
        case task::kind::message:
            break;
        }
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
                committing_ = false;
                fail(std::current_exception());
                return;
            }
            t->clear();
            lk.lock();
            free_.push_back(std::move(t));
            space_.notify_one();
        }
        committing_ = false;
        if (order_.empty())
            drained_.notify_all();
    }

    void write(task& t)
    {
        replay(t.output);
        if (line_buffered())
            out().flush();
        file_count_ += t.count;
        if (t.what == task::kind::file_end) {
            if (on_end_)
                on_end_(t.file, file_count_);
            file_count_ = 0;
        } else if (t.what == task::kind::message) {
            report_read_error(t.file, t.data);
        }
    }

    std::size_t const max_line_;
    std::size_t const limit_;  // tasks in flight
    worker_factory const& make_;
    file_end const& on_end_;
    std::vector<std::thread> workers_;

    std::mutex m_;
    std::condition_variable work_;     // a task to do, or the end
    std::condition_variable space_;    // room for another task
    std::condition_variable drained_;  // all written
    std::deque<std::unique_ptr<task>> order_;  // not yet written, in input order
    std::deque<task*> todo_;                   // not yet taken by a worker
    std::vector<std::unique_ptr<task>> free_;  // written, for take()
    bool reading_done_ = false;
    bool stop_ = false;
    bool committing_ = false;
    std::exception_ptr failure_;
    std::uint64_t file_count_ = 0;  // the writer's: the current file's count so far
};

/// Reads every input into the pipeline; false if it stopped.
bool read_all(inputs const& in, pipeline& p, int& status)
{
    static std::vector<inputs::item> const stdin_only{{true, "-"}};
    std::size_t argument = 0;
    for (inputs::item const& it : in.items.empty() ? stdin_only : in.items) {
        if (!it.is_file) {
            auto t = p.take();
            t->what = task::kind::argument;
            t->line = ++argument;
            t->text = it.text;
            if (!p.push(std::move(t)))
                return false;
            continue;
        }
        std::string const path(it.text);
        std::string_view const name = path == "-" ? in.stdin_name : it.text;
        auto message = [&](std::string reason) {
            auto t = p.take();
            t->what = task::kind::message;
            t->file = name;
            t->data = std::move(reason);
            status = exit_usage;
            return p.push(std::move(t));
        };
        input_file f(path);
        if (f.fd() < 0) {
            if (!message(std::strerror(f.error())))
                return false;
            continue;
        }
        line_reader r(f.fd(), block_size, in.max_line);
        for (;;) {
            std::string_view block;
            auto t = p.take();
            t->file = name;
            auto const st = r.next_block(block, t->line, t->offset);
            if (st == line_reader::status::line) {
                t->what = task::kind::lines;
                t->data.assign(block.data(), block.size());
            } else if (st == line_reader::status::too_long) {
                t->what = task::kind::too_long;
                t->line = r.line_number();
            } else if (st == line_reader::status::end) {
                t->what = task::kind::file_end;
            } else {
                if (!message(r.error_message()))
                    return false;
                break;
            }
            bool const last = st == line_reader::status::end;
            if (!p.push(std::move(t)))
                return false;
            if (last)
                break;
        }
    }
    return true;
}

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
    int status = exit_ok;
    pipeline p(jobs, in.max_line, make, on_end);
    read_all(in, p, status);
    p.finish_and_rethrow();
    return status;
}

} // namespace urn_tool
