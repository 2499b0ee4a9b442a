// fuzz_regressions: replays every seed (corpus/<target>/) and every input that once broke a
// target (regressions/<target>/) through the same LLVMFuzzerTestOneInput code the fuzzers
// run, in an ordinary build, on every scripts/test.sh run. A crash, a sanitizer report (in
// the asan build) or a broken invariant (fuzzFail aborts) fails the test.
//
//   fuzz_regressions                         all targets, all inputs in the source tree
//   fuzz_regressions <target> <file|dir>...  one target, the given inputs (debugging)

#include <QDirIterator>
#include <QFile>
#include <QString>
#include <cstdint>
#include <cstdio>
#include <cstring>

extern "C" int npuscope_fuzz_options(const std::uint8_t *, std::size_t);
extern "C" int npuscope_fuzz_script(const std::uint8_t *, std::size_t);
extern "C" int npuscope_fuzz_json_tokenizer(const std::uint8_t *, std::size_t);
extern "C" int npuscope_fuzz_trace_events(const std::uint8_t *, std::size_t);
extern "C" int npuscope_fuzz_csv_reader(const std::uint8_t *, std::size_t);
extern "C" int npuscope_fuzz_import_json(const std::uint8_t *, std::size_t);
extern "C" int npuscope_fuzz_import_csv(const std::uint8_t *, std::size_t);
extern "C" int npuscope_fuzz_import_torchnpu(const std::uint8_t *, std::size_t);
extern "C" int npuscope_fuzz_import_db(const std::uint8_t *, std::size_t);
extern "C" int npuscope_fuzz_project(const std::uint8_t *, std::size_t);

namespace {

struct Target {
    const char *name;
    int (*fn)(const std::uint8_t *, std::size_t);
    const char *corpus; // the seed folder under corpus/ (the parser targets share the importers')
};
const Target kTargets[] = {
    {"options", npuscope_fuzz_options, "options"},
    {"script", npuscope_fuzz_script, "script"},
    {"json_tokenizer", npuscope_fuzz_json_tokenizer, "import_json"},
    {"trace_events", npuscope_fuzz_trace_events, "import_json"},
    {"csv_reader", npuscope_fuzz_csv_reader, "import_csv"},
    {"import_json", npuscope_fuzz_import_json, "import_json"},
    {"import_csv", npuscope_fuzz_import_csv, "import_csv"},
    {"import_torchnpu", npuscope_fuzz_import_torchnpu, "import_torchnpu"},
    {"import_db", npuscope_fuzz_import_db, "import_db"},
    {"project", npuscope_fuzz_project, "project"},
};

// Runs every file under path (a file or a folder, recursively); returns how many, -1 if a
// file cannot be read.
int replay(const Target &t, const QString &path)
{
    QStringList files;
    if (QFileInfo(path).isDir()) {
        QDirIterator it(path, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
        files.sort();
    } else if (QFileInfo::exists(path)) {
        files << path;
    }
    for (const QString &f : files) {
        QFile in(f);
        if (!in.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "fuzz_regressions: cannot read %s\n", qPrintable(f));
            return -1;
        }
        const QByteArray bytes = in.readAll();
        std::fprintf(stderr, "%s %s\n", t.name, qPrintable(f));
        t.fn(reinterpret_cast<const std::uint8_t *>(bytes.constData()), std::size_t(bytes.size()));
    }
    return int(files.size());
}

} // namespace

int main(int argc, char **argv)
{
    if (argc >= 2) {
        for (const Target &t : kTargets) {
            if (std::strcmp(t.name, argv[1]) != 0)
                continue;
            int n = 0;
            for (int i = 2; i < argc; ++i) {
                const int k = replay(t, QString::fromLocal8Bit(argv[i]));
                if (k < 0)
                    return 1;
                n += k;
            }
            std::printf("fuzz_regressions: %s: %d input(s) replayed\n", t.name, n);
            return 0;
        }
        std::fprintf(stderr, "fuzz_regressions: unknown target %s\n", argv[1]);
        return 2;
    }
    const QString root = QStringLiteral(NPUSCOPE_SOURCE_DIR "/tests/fuzz/");
    bool ok = true;
    for (const Target &t : kTargets) {
        const int seeds = replay(t, root + QStringLiteral("corpus/") + QLatin1String(t.corpus));
        const int regressions = replay(t, root + QStringLiteral("regressions/") + QLatin1String(t.name));
        if (seeds <= 0) {
            std::fprintf(stderr, "fuzz_regressions: the seed corpus of %s is missing or unreadable\n", t.name);
            ok = false;
        }
        if (regressions < 0)
            ok = false;
        std::printf("fuzz_regressions: %s: %d seed(s), %d regression input(s) replayed\n", t.name, seeds, std::max(regressions, 0));
    }
    return ok ? 0 : 1;
}
