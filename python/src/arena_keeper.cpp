// SPDX-License-Identifier: BSL-1.0
// urns.dask's _keep_arenas: an allocator of arenas for Python's
// small-object allocator that keeps those freed for the next ones.
#include "common.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include <malloc.h>
#include <sys/mman.h>

namespace urns_python {

namespace {

/** Python's small-object allocator takes its memory in arenas (mmap) and
    gives each back (munmap) as soon as its objects are all freed. A
    partition's records (hundreds of MB) are freed together when the
    partition is done, and the next one maps as much again: the kernel then
    maps and clears every page anew (a page fault each), which cost a
    worker more than a third of its time. This allocator keeps the arenas
    freed, up to a limit, for the next ones (their pages marked MADV_FREE:
    the kernel may still take them back under memory pressure), and hands
    the rest to the allocator it replaces. Arenas are allocated and freed
    with the GIL held. */
struct arena_keeper {
    PyObjectArenaAllocator previous{};
    std::vector<void*> kept;
    std::size_t arena_size = 0; // the size of each kept one
    std::size_t limit = 0;      // bytes kept at the most
};

arena_keeper* g_arena_keeper = nullptr;

void* keeper_alloc(void* ctx, std::size_t size)
{
    auto* k = static_cast<arena_keeper*>(ctx);
    if (size == k->arena_size && !k->kept.empty()) {
        void* p = k->kept.back();
        k->kept.pop_back();
        return p;
    }
    return k->previous.alloc(k->previous.ctx, size);
}

void keeper_free(void* ctx, void* p, std::size_t size)
{
    auto* k = static_cast<arena_keeper*>(ctx);
    if ((k->arena_size == 0 || size == k->arena_size) && (k->kept.size() + 1) * size <= k->limit &&
        k->kept.size() < k->kept.capacity()) {
        k->arena_size = size;
#ifdef MADV_FREE
        ::madvise(p, size, MADV_FREE);
#endif
        k->kept.push_back(p);
        return;
    }
    k->previous.free(k->previous.ctx, p, size);
}

/// urns.dask's: keep up to `limit` bytes of freed arenas (once per
/// process; a later call may raise the limit). Returns the limit.
py::object fn_keep_arenas(PyObject** a)
{
    std::size_t const limit = size_arg(a[0], "limit");
    if (!g_arena_keeper) {
        auto* k = new arena_keeper; // for the life of the process
        PyObject_GetArenaAllocator(&k->previous);
        k->kept.reserve(4096); // never grown inside keeper_free
        g_arena_keeper = k;
        PyObjectArenaAllocator mine{k, keeper_alloc, keeper_free};
        PyObject_SetArenaAllocator(&mine);
    }
    g_arena_keeper->limit = std::max(g_arena_keeper->limit, limit);
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    // The same for C++'s and numpy's blocks of up to 4 MiB (a partition's
    // columns, its matches): malloc serves them from its heap, not from
    // mmap, and keeps up to `limit` bytes freed at the heap's top rather
    // than trimming them, so that the next partition reuses those pages.
    // Larger blocks (a read buffer grown for a long line) are still mapped
    // and unmapped on their own, so that they are given back at once.
    if (g_arena_keeper->limit > 0) {
        mallopt(M_MMAP_THRESHOLD, 4 << 20);
        mallopt(M_TRIM_THRESHOLD, static_cast<int>(std::min<std::size_t>(g_arena_keeper->limit, 1u << 30)));
    }
#endif
    return py::int_(g_arena_keeper->limit);
}

} // namespace

void init_arena_keeper(py::module_& m)
{
    add_function(m, "urns._urns", "_keep_arenas", {"limit"}, fn_keep_arenas,
                 "For urns.dask's workers: keep up to limit bytes of the arenas Python's\n"
                 "allocator frees (their pages MADV_FREE) for the arenas it takes next,\n"
                 "rather than unmapping them (each page of a new arena costs a page fault).\n"
                 "Installed once per process; returns the limit, the largest asked for.");
}

} // namespace urns_python
