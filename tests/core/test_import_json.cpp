// The streaming JSON tokenizer and trace-event reader: tokens, escapes, exact µs → ns,
// error places (line, byte offset) and bounded memory on a file far larger than its buffer.

#include "core/importing/csv_reader.h"
#include "core/importing/json_pull.h"
#include "tests/test_files.h"

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

    // RFC 8259 numbers only: what other parsers read differently is refused, not guessed.
    void numbersFollowTheGrammar_data()
    {
        QTest::addColumn<QByteArray>("number");
        QTest::addColumn<bool>("valid");
        for (const char *ok : {"0", "-0", "0.5", "10", "1e5", "1E+5", "-0.0e-0", "123.456e-7"})
            QTest::newRow(ok) << QByteArray(ok) << true;
        for (const char *bad : {"01", "-01", "00", "1.", "1.e3", "1e", "1e+", "-", "--1", "1-2", "1.5.2", "2e3.5"})
            QTest::newRow(bad) << QByteArray(bad) << false;
    }
    void numbersFollowTheGrammar()
    {
        QFETCH(QByteArray, number);
        QFETCH(bool, valid);
        JsonPull j;
        j.openBytes(("[" + number + "]").toStdString());
        QCOMPARE(int(j.next()), int(T::BeginArray));
        const T t = j.next();
        if (valid) {
            QCOMPARE(int(t), int(T::Number));
            QCOMPARE(QByteArray(j.text().data(), qsizetype(j.text().size())), number);
        } else {
            QCOMPARE(int(t), int(T::Error));
            QVERIFY2(j.error().contains(QLatin1String("not a number")), qPrintable(j.error()));
        }
    }

    // A \u escape of half a UTF-16 pair is no character: refused with a reason rather than
    // turned into bytes that are not UTF-8.
    void loneSurrogatesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("high alone") << QByteArray("[\"a\\ud83d\"]");
        QTest::newRow("low alone") << QByteArray("[\"\\ude00b\"]");
        QTest::newRow("high then letter") << QByteArray("[\"\\ud83d\\u0041\"]");
        QTest::newRow("high then other escape") << QByteArray("[\"\\ud83d\\n\"]");
    }
    void loneSurrogatesAreRefused()
    {
        QFETCH(QByteArray, json);
        JsonPull j;
        j.openBytes(json.toStdString());
        QCOMPARE(int(j.next()), int(T::BeginArray));
        QCOMPARE(int(j.next()), int(T::Error));
        QVERIFY2(j.error().contains(QLatin1String("UTF-16")), qPrintable(j.error()));
    }

    // Nesting is bounded, so a file of brackets cannot grow the stack without end.
    void depthIsBounded()
    {
        const auto run = [](std::size_t depth) {
            JsonPull j;
            j.openBytes(std::string(depth, '[') + std::string(depth, ']'));
            T t;
            do
                t = j.next();
            while (t != T::Error && t != T::End);
            return std::make_pair(t, j.error());
        };
        QCOMPARE(int(run(JsonPull::kMaxDepth).first), int(T::End));
        const auto [t, error] = run(JsonPull::kMaxDepth + 1);
        QCOMPARE(int(t), int(T::Error));
        QVERIFY2(error.contains(QString::number(JsonPull::kMaxDepth)), qPrintable(error));
    }

    // Event times must fit what the program adds up: beyond kMaxTimeNs, negative, or
    // absurdly long text, the event is marked invalid with the reason (the importer
    // reports and skips it) and the reader goes on with the next one.
    void eventTimesOutOfRange()
    {
        TraceEventReader r;
        r.openBytes(R"([
            {"name": "huge ts", "ph": "X", "ts": 9.2e18, "dur": 1},
            {"name": "huge dur", "ph": "X", "ts": 1, "dur": 9.2e18},
            {"name": "negative", "ph": "X", "ts": -5, "dur": 1},
            {"name": "string", "ph": "X", "ts": "99999999999999999999999999999999", "dur": 1},
            {"name": "largest", "ph": "X", "ts": "4611686018427387.903", "dur": "4611686018427387.903"},
            {"name": "one more", "ph": "X", "ts": "4611686018427387.904", "dur": 0}
        ])");
        TraceEvent e;
        const auto expectInvalid = [&](const char *name, const char *field, const char *why) {
            QCOMPARE(int(r.next(&e)), int(TraceEventReader::Result::Event));
            QCOMPARE(e.name, std::string(name));
            QVERIFY2(e.invalid.contains(QLatin1String(field)) && e.invalid.contains(QLatin1String(why)), qPrintable(e.invalid));
        };
        expectInvalid("huge ts", "\"ts\"", "largest time");
        expectInvalid("huge dur", "\"dur\"", "largest time");
        expectInvalid("negative", "\"ts\"", "negative");
        expectInvalid("string", "\"ts\"", "largest time");
        QCOMPARE(int(r.next(&e)), int(TraceEventReader::Result::Event));
        QVERIFY2(e.invalid.isEmpty(), qPrintable(e.invalid));
        QCOMPARE(e.ts, kMaxTimeNs);
        QCOMPARE(e.dur, kMaxTimeNs);
        expectInvalid("one more", "\"ts\"", "largest time");
        QCOMPARE(int(r.next(&e)), int(TraceEventReader::Result::End));
        TimeNs v = 0;
        QCOMPARE(int(usTextToTime("-4611686018427387.903", &v)), int(TimeText::Ok));
        QCOMPARE(int(usTextToTime("-4611686018427387.904", &v)), int(TimeText::OutOfRange));
        QCOMPARE(int(usTextToTime("9223372036854775807", &v)), int(TimeText::OutOfRange));
        QCOMPARE(int(usTextToTime("1e300", &v)), int(TimeText::OutOfRange));
        QCOMPARE(int(usTextToTime("12ab", &v)), int(TimeText::NotNumber));
        QVERIFY(!msTextToNs("4611686018427.387904", &v));
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
#if defined(__SANITIZE_ADDRESS__)
        // AddressSanitizer keeps freed blocks resident in its quarantine (256 MB by default),
        // so peak RSS measures the sanitizer, not the reader; the plain build checks the bound.
        QSKIP("peak RSS is not the reader's under AddressSanitizer");
#endif
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
        QVERIFY(testfiles::writeFile(path, "a,b\n\"x,\"\"y\"\"\nz\",'-1\n1,\"open"));
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

    // LF and CRLF end a record after a quoted cell as after a plain one; a CR inside
    // quotes, line breaks inside quotes and a leading byte order mark are handled.
    void csvLineEndsAndBom_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::newRow("LF") << QByteArray("a,\"b\"\n\"c\",d\n");
        QTest::newRow("CRLF") << QByteArray("a,\"b\"\r\n\"c\",d\r\n");
        QTest::newRow("CRLF, no final break") << QByteArray("a,\"b\"\r\n\"c\",d");
        QTest::newRow("CRLF, final CR only") << QByteArray("a,\"b\"\r\n\"c\",d\r");
        QTest::newRow("BOM + CRLF") << QByteArray("\xEF\xBB\xBF" "a,\"b\"\r\n\"c\",d\r\n");
        QTest::newRow("BOM before a quote") << QByteArray("\xEF\xBB\xBF" "\"a\",\"b\"\n\"c\",d\n");
    }
    void csvLineEndsAndBom()
    {
        QFETCH(QByteArray, csv);
        CsvReader r;
        r.openBytes(csv.toStdString());
        std::vector<std::string> c;
        QVERIFY(r.next(&c));
        QCOMPARE(c, (std::vector<std::string>{"a", "b"}));
        QVERIFY(r.next(&c));
        QCOMPARE(c, (std::vector<std::string>{"c", "d"}));
        QCOMPARE(r.recordLine(), std::uint64_t(2));
        QVERIFY(!r.next(&c));
        QVERIFY2(r.error().isEmpty(), qPrintable(r.error()));
    }

    void csvBreaksInsideQuotes()
    {
        CsvReader r;
        r.openBytes("name,note\r\n\"multi\r\nline\",\"cr\ronly\"\r\nplain\rcr,\"\"\"q\"\"\"\r\nlast,\r\n");
        std::vector<std::string> c;
        QVERIFY(r.next(&c));
        QVERIFY(r.next(&c));
        QCOMPARE(c, (std::vector<std::string>{"multi\r\nline", "cr\ronly"}));
        QCOMPARE(r.recordLine(), std::uint64_t(2));
        QVERIFY(r.next(&c));
        QCOMPARE(c, (std::vector<std::string>{"plain\rcr", "\"q\""}));
        QCOMPARE(r.recordLine(), std::uint64_t(4));
        QVERIFY(r.next(&c));
        QCOMPARE(c, (std::vector<std::string>{"last", ""}));
        QVERIFY(!r.next(&c));
        QVERIFY(r.error().isEmpty());
    }

    // From a file, a CRLF and a quoted cell that straddle the reader's buffer boundary.
    void csvFileAcrossBufferBoundary()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("b.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray data("\xEF\xBB\xBFh1,h2\r\n");
        int rows = 0;
        while (data.size() < 200000) {
            data += "\"cell " + QByteArray::number(rows) + "\",\"x\r\ny\"\r\n";
            ++rows;
        }
        f.write(data);
        f.close();
        CsvReader r;
        QVERIFY(r.open(path));
        std::vector<std::string> c;
        QVERIFY(r.next(&c));
        QCOMPARE(c, (std::vector<std::string>{"h1", "h2"}));
        for (int i = 0; i < rows; ++i) {
            QVERIFY(r.next(&c));
            QCOMPARE(c, (std::vector<std::string>{"cell " + std::to_string(i), "x\r\ny"}));
        }
        QVERIFY(!r.next(&c));
        QVERIFY(r.error().isEmpty());
        QCOMPARE(r.bytesRead(), std::uint64_t(data.size()));
    }
};

QTEST_GUILESS_MAIN(ImportJson)
#include "test_import_json.moc"
