#pragma once
// Portable deterministic random numbers: std::mt19937_64's raw output is specified by the
// standard, the std distributions are not, so uniform/normal are derived here from raw
// bits. Same seed → same sequence on every compiler and library.

#include <cmath>
#include <cstdint>
#include <random>

namespace npuscope::device {

inline std::uint64_t splitmix64(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

class Rng {
public:
    explicit Rng(std::uint64_t seed = 1) : g_(splitmix64(seed)) {}
    std::uint64_t bits() { return g_(); }
    // [0, 1) with 53 random bits.
    double uniform() { return double(g_() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    // Standard normal (Box–Muller, one value per call for simplicity).
    double normal()
    {
        double u1 = uniform();
        if (u1 < 1e-300)
            u1 = 1e-300;
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }
    // Multiplicative jitter around 1 with relative sigma, clipped to ±3 sigma.
    double jitter(double sigma)
    {
        double z = normal();
        if (z > 3) z = 3;
        if (z < -3) z = -3;
        return 1.0 + sigma * z;
    }

private:
    std::mt19937_64 g_;
};

} // namespace npuscope::device
