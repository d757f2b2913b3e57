// SPDX-License-Identifier: BSL-1.0
// A counting global operator new for one test executable: include it in
// exactly one translation unit of the executable (it defines the
// replacement allocation functions, which may not be inline).
//
//   urns_test::allocations      every allocation so far (all forms of new)
//   urns_test::refuse_nothrow   while true, the nothrow forms return null,
//                               as when memory runs out
//
// A test reads the count before and after the calls it checks.
#ifndef URNS_TEST_COUNTING_NEW_HPP
#define URNS_TEST_COUNTING_NEW_HPP

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

// g++ 12 sees malloc inside the replaced operator new and free inside the
// replaced operator delete, and wrongly calls them mismatched.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace urns_test {
std::atomic<long> allocations{0};
std::atomic<bool> refuse_nothrow{false};
} // namespace urns_test

void* operator new(std::size_t n)
{
    ++urns_test::allocations;
    if (void* p = std::malloc(n ? n : 1))
        return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, std::nothrow_t const&) noexcept
{
    if (urns_test::refuse_nothrow)
        return nullptr;
    ++urns_test::allocations;
    return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, std::nothrow_t const& t) noexcept { return operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::nothrow_t const&) noexcept { std::free(p); }
void operator delete[](void* p, std::nothrow_t const&) noexcept { std::free(p); }

#endif
