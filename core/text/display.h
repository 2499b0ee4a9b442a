#pragma once
// How numbers read for people: every duration, size, count and share the GUI, the CLI's
// text output and the advisor's sentences show goes through here, so they agree with each
// other and follow the user's locale (QLocale(): decimal separator, digit grouping).
// Files the program writes for other programs (the PROF export, CSV and JSON output) never
// use these: they stay locale-free (core/exporting/out_file.h).

#include <QString>
#include <cstdint>

namespace npuscope::display {

// "850 ns", "12.345 µs", "1.204 ms", "3.000 s": the unit from the magnitude, whole
// nanoseconds below 1 µs, `decimals` fraction digits above.
QString duration(double ns, int decimals = 3);
// A timeline tick label: the unit from the value (or the step for 0), just enough
// decimals to show multiples of `step` (a 1-2-5 tick spacing), so neighbours differ.
QString tick(double ns, double step);
// Binary sizes with binary names: "512 B", "1.5 KiB", "12.3 MiB", "1.20 GiB".
QString bytes(std::uint64_t b);
// A whole number with the locale's digit grouping: "1,234,567", "1.234.567".
QString count(std::int64_t n);
// A decimal number with `decimals` fraction digits.
QString number(double v, int decimals);
// A fraction as a percentage number without the sign ("12.3" for 0.123): the sentences
// around it place the % as their language does.
QString percent(double share, int decimals = 1);

} // namespace npuscope::display
