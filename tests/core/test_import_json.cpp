// The streaming JSON tokenizer and trace-event reader: tokens, escapes, exact µs → ns,
// error places (line, byte offset) and bounded memory on a file far larger than its buffer.

#include "core/importing/csv_reader.h"
#include "core/importing/json_pull.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

using namespace npuscope;
using namespace npuscope::importing;
using T = JsonPull::Token;

class ImportJson : public QObject {
    Q_OBJECT
private slots:
    void tokens()
    {
        JsonPull j;
        j.openBytes(" {\"a\": [1, -2.5e3, \"x\\\"\\\\\\u00e9\\ud83d\\ude00\", true, false, null], \"b\": {}} ");
        const std::vector<std::pair<T, std::string>> want = {
            {T::BeginObject, ""}, {T::Key, "a"}, {T::BeginArray, ""}, {T::Number, "1"}, {T::Number, "-2.5e3"},
            {T::String, "x\"\\\xc3\xa9\xf0\x9f\x98\x80"}, {T::True, "true"}, {T::False, "false"}, {T::Null, "null"},
            {T::EndArray, ""}, {T::Key, "b"}, {T::BeginObject, ""}, {T::EndObject, ""}, {T::EndObject, ""}, {T::End, ""}};
        for (const auto &[tok, text] : want) {
            const T t = j.next();
            QCOMPARE(int(t), int(tok));
            if (!text.empty())
                QCOMPARE(std::string(j.text()), text);
        }
    }

    void errorsNamePlace_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("offset");
        QTest::newRow("missing comma") << QByteArray("[1,\n2 3]") << 2 << 6;
        QTest::newRow("trailing comma") << QByteArray("[1,\n]") << 2 << 4;
        QTest::newRow("truncated") << QByteArray("[{\"a\": 1},\n{\"b\"") << 2 << 12;
        QTest::newRow("bad literal") << QByteArray("\n\n[tru]") << 3 << 3;
        QTest::newRow("open string") << QByteArray("[\"abc") << 1 << 1;
        QTest::newRow("empty") << QByteArray("  ") << 1 << 2;
        QTest::newRow("garbage after") << QByteArray("[] x") << 1 << 3;
    }
    void errorsNamePlace()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, line);
        QFETCH(int, offset);
        JsonPull j;
        j.openBytes(json.toStdString());
        T t;
        do
            t = j.next();
        while (t != T::Error && t != T::End);
        QCOMPARE(int(t), int(T::Error));
        QVERIFY(!j.error().isEmpty());
        QCOMPARE(int(j.tokenLine()), line);
        QCOMPARE(int(j.tokenOffset()), offset);
        QCOMPARE(int(j.next()), int(T::Error)); // stays in error
    }

    void microsecondsToNanosecondsExactly()
    {
        TimeNs v = 0;
        QVERIFY(usTextToNs("56635864652.490005", &v));
        QCOMPARE(v, TimeNs(56635864652490));
        QVERIFY(usTextToNs("4236.099998474121", &v));
        QCOMPARE(v, TimeNs(4236100));
        QVERIFY(usTextToNs("0.0005", &v));
        QCOMPARE(v, TimeNs(1));
        QVERIFY(usTextToNs("-1.5", &v));
        QCOMPARE(v, TimeNs(-1500));
        QVERIFY(usTextToNs("12", &v));
        QCOMPARE(v, TimeNs(12000));
        QVERIFY(usTextToNs("5.66e10", &v));
        QCOMPARE(v, TimeNs(56600000000000));
        QVERIFY(msTextToNs("1.234567", &v));
        QCOMPARE(v, TimeNs(1234567));
        QVERIFY(!usTextToNs("", &v));
        QVERIFY(!usTextToNs("abc", &v));
        QVERIFY(!usTextToNs("1.2.3", &v));
    }

    void traceEvents()
    {
        TraceEventReader r;
        r.openBytes("{\"otherData\": {\"x\": [1]}, \"traceEvents\": [\n            {\"name\": \"a\", \"ph\": \"X\", \"pid\": 3, \"tid\": 2, \"ts\": \"100.5\", \"dur\": 2, \"args\": {\"k\": \"N/A\", \"n\": 7, \"z\": null, \"o\": {\"deep\": [1]}}, \"extra\": 1},\n            {\"name\": \"b\", \"ph\": \"X\", \"pid\": \"x\", \"ts\": true},\n            7\n        ]}");
        TraceEvent e;
        QCOMPARE(int(r.next(&e)), int(TraceEventReader::Result::Event));
        QCOMPARE(e.name, std::string("a"));
        QVERIFY(e.hasPid && e.hasTid && e.hasTs && e.hasDur);
        QCOMPARE(e.ts, TimeNs(100500));
        QCOMPARE(e.dur, TimeNs(2000));
        QCOMPARE(e.argCount, std::size_t(4));
        QCOMPARE(int(e.arg("k")->type), int(JsonScalar::String));
        QCOMPARE(e.arg("n")->text, std::string("7"));
        QCOMPARE(int(e.arg("z")->type), int(JsonScalar::Null));
        QCOMPARE(int(e.arg("o")->type), int(JsonScalar::Nested));
        QCOMPARE(e.unknownFields, 1);
        QCOMPARE(e.firstUnknownField, std::string("extra"));
        QVERIFY(e.invalid.isEmpty());
        QCOMPARE(int(r.next(&e)), int(TraceEventReader::Result::Event));
        QVERIFY(!e.invalid.isEmpty()); // pid is text, ts is a bool
        QVERIFY(e.invalid.contains(QLatin1String("pid")));
        QCOMPARE(int(r.next(&e)), int(TraceEventReader::Result::Event));
        QVERIFY(!e.invalid.isEmpty()); // not an object
        QCOMPARE(int(r.next(&e)), int(TraceEventReader::Result::End));
    }

    // A file 40× the reader's buffer: the peak RSS grows by far less than the file.
    void memoryDoesNotGrowWithTheFile()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString path = tmp.filePath(QStringLiteral("big.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QByteArray ev = "{\"name\": \"Default/network/Conv2D-op12\", \"pid\": 3, \"tid\": 2, \"ts\": 56635864664.91, \"dur\": 23.1, \"args\": {\"Task Type\": \"AI_CORE\", \"Stream Id\": 2, \"Task Id\": 4, \"Batch Id\": 0, \"Aicore Time(ms)\": 21, \"Total Cycle\": 672029}, \"ph\": \"X\"}";
        f.write("[");
        std::uint64_t written = 0, n = 0;
        while (written < (40u << 20)) {
            if (n++) f.write(", ");
            f.write(ev);
            written += std::uint64_t(ev.size()) + 2;
        }
        f.write("]");
        f.close();
        rusage before{};
        getrusage(RUSAGE_SELF, &before);
        TraceEventReader r;
        QVERIFY(r.open(path));
        TraceEvent e;
        std::uint64_t count = 0;
        while (r.next(&e) == TraceEventReader::Result::Event)
            ++count;
        QCOMPARE(count, n);
        rusage after{};
        getrusage(RUSAGE_SELF, &after);
        const long grewKb = after.ru_maxrss - before.ru_maxrss;
        qInfo("read %llu events of %llu MB; peak RSS grew by %ld kB", (unsigned long long)count,
              (unsigned long long)(written >> 20), grewKb);
        QVERIFY(grewKb < 8 * 1024);
    }

    void csvQuotesAndTruncation()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("a.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a,b\n\"x,\"\"y\"\"\nz\",'-1\n1,\"open");
        f.close();
        CsvReader r;
        QVERIFY(r.open(path));
        std::vector<std::string> c;
        QVERIFY(r.next(&c));
        QCOMPARE(c.size(), std::size_t(2));
        QVERIFY(r.next(&c));
        QCOMPARE(c[0], std::string("x,\"y\"\nz"));
        QCOMPARE(csvValue(c[1]), std::string("-1"));
        QCOMPARE(r.recordLine(), std::uint64_t(2));
        QVERIFY(!r.next(&c));
        QVERIFY(!r.error().isEmpty());
        QCOMPARE(r.recordLine(), std::uint64_t(4));
    }
};

QTEST_GUILESS_MAIN(ImportJson)
#include "test_import_json.moc"
