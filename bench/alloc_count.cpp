// SPDX-License-Identifier: BSL-1.0
// Benchmark support (bench/ only): replaces the global allocation
// functions of the bench binary with malloc/free plus a counter.
#include "alloc_count.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<std::uint64_t> count{0};

void* allocate(std::size_t n)
{
    count.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n ? n : 1))
        return p;
    throw std::bad_alloc();
}

void* allocate_aligned(std::size_t n, std::align_val_t a)
{
    count.fetch_add(1, std::memory_order_relaxed);
    std::size_t const al = static_cast<std::size_t>(a);
    std::size_t const size = (n + al - 1) / al * al;
    if (void* p = std::aligned_alloc(al, size ? size : al))
        return p;
    throw std::bad_alloc();
}

} // namespace

namespace urns_bench {

std::uint64_t allocations() noexcept { return count.load(std::memory_order_relaxed); }

} // namespace urns_bench

void* operator new(std::size_t n) { return allocate(n); }
void* operator new[](std::size_t n) { return allocate(n); }
void* operator new(std::size_t n, std::nothrow_t const&) noexcept
{
    try {
        return allocate(n);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t n, std::nothrow_t const&) noexcept
{
    try {
        return allocate(n);
    } catch (...) {
        return nullptr;
    }
}
void* operator new(std::size_t n, std::align_val_t a) { return allocate_aligned(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return allocate_aligned(n, a); }

void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
