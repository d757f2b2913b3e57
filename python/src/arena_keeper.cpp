// SPDX-License-Identifier: BSL-1.0
// urns.dask's _keep_arenas: an allocator of arenas for Python's
// small-object allocator that keeps those freed for the next ones.
#include "common.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <new>
#include <utility>
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
    freed, up to a limit, for the next ones, and hands the rest to the
    allocator it replaces. Kept arenas are left as they are, not marked
    MADV_FREE: after MADV_FREE the kernel takes a fault on the first write
    to each page (to mark it dirty again), which cost as much as mapping a
    new page (6 us a page on the virtual machine measured) and made the
    keeper worth nothing; the limit bounds what is held instead. Arenas
    are allocated and freed with the GIL held. */
struct arena_keeper {
    PyObjectArenaAllocator previous{};
    std::vector<std::pair<void*, std::size_t>> kept; // and their sizes
    std::size_t bytes = 0;                           // theirs, together
    std::size_t limit = 0;                           // bytes kept at the most
};

arena_keeper* g_arena_keeper = nullptr;

/** The large blocks freed (kept_blocks.hpp), kept the same way: their
    bytes count in the keeper's limit with the arenas'. */
struct block_keeper {
    std::vector<std::pair<void*, std::size_t>> kept;
    std::size_t bytes = 0;
};

block_keeper g_blocks;

/// The bytes the keeper holds, arenas and blocks.
std::size_t kept_bytes() noexcept
{
    return g_blocks.bytes + (g_arena_keeper ? g_arena_keeper->bytes : 0);
}

// Not only the small-object allocator's arenas (1 MiB) come through here:
// so do the interpreter's frame stack chunks (16 KiB, more for a large
// frame), taken and freed as calls nest deeper and return. So a kept block
// is reused for a request of its own size only, and every size is kept:
// keeping only the size freed first would keep nothing but 16 KiB chunks in
// a process whose stack grew once the keeper was in place (importing pandas
// is enough), and every arena of every partition would be mapped anew.

void* keeper_alloc(void* ctx, std::size_t size)
{
    auto* k = static_cast<arena_keeper*>(ctx);
    // From the last kept: of one size, mostly (a few chunks among arenas).
    for (std::size_t i = k->kept.size(); i-- > 0;)
        if (auto const [p, n] = k->kept[i]; n == size) {
            k->kept[i] = k->kept.back();
            k->kept.pop_back();
            k->bytes -= size;
            return p;
        }
    return k->previous.alloc(k->previous.ctx, size);
}

void keeper_free(void* ctx, void* p, std::size_t size)
{
    auto* k = static_cast<arena_keeper*>(ctx);
    if (kept_bytes() + size <= k->limit && k->kept.size() < k->kept.capacity()) {
        k->kept.emplace_back(p, size);
        k->bytes += size;
        return;
    }
    k->previous.free(k->previous.ctx, p, size);
}

/// The block `p` of `bytes` as one of `new_bytes` (larger), moved if need
/// be; MAP_FAILED, `p` left as it was, if there is no memory for it.
void* remap(void* p, std::size_t bytes, std::size_t new_bytes) noexcept
{
#ifdef MREMAP_MAYMOVE
    return ::mremap(p, bytes, new_bytes, MREMAP_MAYMOVE); // its pages moved, not copied
#else
    void* q = ::mmap(nullptr, new_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (q != MAP_FAILED) {
        std::memcpy(q, p, bytes);
        ::munmap(p, bytes);
    }
    return q;
#endif
}

} // namespace

void* take_block(std::size_t min_bytes, std::size_t& bytes)
{
    // The smallest kept block that is large enough, else the largest
    // (grown by the caller), else a new one.
    std::size_t best = g_blocks.kept.size();
    for (std::size_t i = 0; i < g_blocks.kept.size(); ++i) {
        std::size_t const b = g_blocks.kept[i].second;
        if (best == g_blocks.kept.size())
            best = i;
        else if (std::size_t const have = g_blocks.kept[best].second;
                 (b >= min_bytes && (have < min_bytes || b < have)) || (have < min_bytes && b > have))
            best = i;
    }
    if (best != g_blocks.kept.size()) {
        auto const [p, b] = g_blocks.kept[best];
        g_blocks.kept.erase(g_blocks.kept.begin() + static_cast<std::ptrdiff_t>(best));
        g_blocks.bytes -= b;
        if (b >= min_bytes) {
            bytes = b;
            return p;
        }
        void* q = remap(p, b, min_bytes);
        if (q == MAP_FAILED) {
            ::munmap(p, b);
            throw std::bad_alloc();
        }
        bytes = min_bytes;
        return q;
    }
    void* p = ::mmap(nullptr, min_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        throw std::bad_alloc();
    bytes = min_bytes;
    return p;
}

void* grow_block(void* p, std::size_t bytes, std::size_t new_bytes)
{
    void* q = remap(p, bytes, new_bytes);
    if (q == MAP_FAILED)
        throw std::bad_alloc();
    return q;
}

void give_block(void* p, std::size_t bytes) noexcept
{
    // A block is kept before arenas: kept arenas are unmapped to make room
    // for it. A partition's objects are freed before its columns' blocks
    // (the arrays release their items first), so arenas kept from earlier
    // partitions of records (the whole limit, once a worker has run them)
    // would otherwise leave no room for any block, and every partition of
    // columns after them would map its blocks anew, page by page.
    if (g_arena_keeper && bytes <= g_arena_keeper->limit && g_blocks.kept.size() < 64) {
        arena_keeper& k = *g_arena_keeper;
        while (kept_bytes() + bytes > k.limit && !k.kept.empty()) {
            auto const [a, n] = k.kept.back();
            k.kept.pop_back();
            k.bytes -= n;
            k.previous.free(k.previous.ctx, a, n);
        }
    }
    if (g_arena_keeper && kept_bytes() + bytes <= g_arena_keeper->limit && g_blocks.kept.size() < 64) {
        try {
            g_blocks.kept.emplace_back(p, bytes);
            g_blocks.bytes += bytes;
            return;
        } catch (...) { // no room to note it: unmapped below
        }
    }
    ::munmap(p, bytes);
}

namespace {

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
                 "allocator frees for the arenas it takes next (held as they are),\n"
                 "rather than unmapping them (each page of a new arena costs a page fault).\n"
                 "Installed once per process; returns the limit, the largest asked for.");
}

} // namespace urns_python
