#include "tests/bench/bench.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace npuscope::bench {

std::vector<Figure> &figures()
{
    static std::vector<Figure> all;
    return all;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    if (v.empty())
        return 0;
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void line(const char *name, double value, const char *unit, std::optional<double> ratio, const QString &note)
{
    std::printf("BENCH %s %.0f %s ratio=%s", name, value, unit,
                ratio ? QByteArray::number(*ratio, 'f', 3).constData() : "n/a");
    if (!note.isEmpty())
        std::printf(" (%s)", note.toUtf8().constData());
    std::printf("\n");
    std::fflush(stdout);
}

void info(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    std::fputc('\n', stderr);
}

void die(const QString &msg)
{
    std::fprintf(stderr, "npuscope-bench: %s\n", msg.toUtf8().constData());
    std::exit(1);
}

} // namespace npuscope::bench
