// The timeline's smaller parts on a real recorded session, each without the view:
//  - MarksModel: marks are written in start order and read back by a new model; an edit
//    refused by a busy project changes nothing and says why; removal.
//  - TimelineSearch: substring and regex matches equal a count over the project, in start
//    order; next/previous wrap; an invalid regex is refused with a sentence.
//  - DetailsPanel: a task's full record (read through the store), range statistics that
//    equal the SQL aggregate over the same range, marks listed, Delete asks for removal.

#include "core/store/lod.h"
#include "test_gui_support.h"
#include "ui/timeline/details_panel.h"
#include "ui/timeline/marks_model.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_search.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <sqlite3.h>

using namespace npuscope;
using namespace npuscope::ui::timeline;

namespace {

qint64 scalar(const QString &path, const QString &sql)
{
    sqlite3 *db = nullptr;
    qint64 n = -1;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
            n = sqlite3_column_int64(s, 0);
        sqlite3_finalize(s);
    }
    sqlite3_close(db);
    return n;
}

std::unique_ptr<Model> loaded(const QString &path)
{
    QString msg;
    auto m = openSkeleton(path, 1, &msg);
    if (!m)
        return nullptr;
    auto full = copySkeleton(*m);
    std::atomic_bool cancel{false};
    return loadDetails(full.get(), cancel, &msg) ? std::move(full) : nullptr;
}

} // namespace

class TestTimelineParts : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path_;

private Q_SLOTS:
    void initTestCase()
    {
        guitest::isolateSettings();
        path_ = guitest::record(dir_.filePath(QStringLiteral("parts.npuscope")), QStringLiteral("lenet"), 3, 2);
        QVERIFY(!path_.isEmpty());
    }

    void marksAreKeptInTheProject()
    {
        store::StoreError e;
        QString msg;
        std::shared_ptr<store::TimelineStore> st = store::TimelineStore::open(path_, 1, &e, &msg);
        QVERIFY2(st, qPrintable(msg));
        MarksModel marks;
        QSignalSpy changed(&marks, &MarksModel::changed);
        marks.setStore(st);
        QCOMPARE(marks.marks().size(), std::size_t(0));
        QVERIFY(marks.add(5000, 1000, QStringLiteral("second")));
        QVERIFY(marks.add(10, 20, QStringLiteral("first")));
        QCOMPARE(changed.count(), 3);
        QCOMPARE(marks.marks().size(), std::size_t(2));
        QCOMPARE(marks.marks()[0].label, QStringLiteral("first")); // start order
        QCOMPARE(marks.marks()[1].start, TimeNs(1000));
        QCOMPARE(marks.marks()[1].end, TimeNs(5000));
        QCOMPARE(scalar(path_, QStringLiteral("SELECT COUNT(*) FROM timeline_marks WHERE session = 1")), qint64(2));

        // A busy project refuses the edit: a sentence naming it, the list as before.
        sqlite3 *other = nullptr;
        QCOMPARE(sqlite3_open(path_.toUtf8().constData(), &other), SQLITE_OK);
        QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
        QSignalSpy failed(&marks, &MarksModel::failed);
        QVERIFY(!marks.add(1, 2, QStringLiteral("refused")));
        QVERIFY(!marks.remove(0));
        sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(other);
        QCOMPARE(failed.count(), 2);
        const QString why = failed.at(0).at(0).toString();
        QVERIFY2(why.contains(QStringLiteral("mark could not be saved")) && why.contains(QStringLiteral("parts.npuscope")),
                 qPrintable(why));
        QCOMPARE(marks.marks().size(), std::size_t(2));

        QVERIFY(marks.remove(0));
        MarksModel again;
        again.setStore(st);
        QCOMPARE(again.marks().size(), std::size_t(1));
        QCOMPARE(again.marks()[0].label, QStringLiteral("second"));
        QVERIFY(!again.remove(5));
    }

    void searchFindsWhatTheProjectHolds()
    {
        auto m = loaded(path_);
        QVERIFY(m);
        TimelineSearch s;
        QString error;
        const qint64 conv = scalar(path_, QStringLiteral("SELECT COUNT(*) FROM tasks t JOIN strings s ON s.session = t.session "
                                                         "AND s.id = t.name WHERE t.session = 1 AND s.text LIKE '%conv%'"));
        QVERIFY(conv > 0);
        // Every lane takes part (tasks are on stream lanes only for this name).
        QCOMPARE(qint64(s.run(*m, QStringLiteral("CONV"), false, &error)), conv);
        for (int i = 1; i < s.count(); ++i)
            QVERIFY(s.matches()[std::size_t(i - 1)].start <= s.matches()[std::size_t(i)].start);
        QCOMPARE(s.current(), -1);
        QCOMPARE(s.next(), 0);
        QCOMPARE(s.previous(), s.count() - 1); // wraps
        QCOMPARE(s.next(), 0);
        const auto &l = m->lanes[std::size_t(s.laneOf(0))];
        QVERIFY(QString::fromStdString(std::string(m->string(l.events.nameAt(s.eventOf(0))))).contains(QStringLiteral("conv"), Qt::CaseInsensitive));
        // Regular expressions are unanchored and ignore case, as the search field says.
        const qint64 numbered = scalar(path_, QStringLiteral("SELECT COUNT(*) FROM tasks t JOIN strings s ON s.session = t.session "
                                                             "AND s.id = t.name WHERE t.session = 1 AND lower(s.text) GLOB '*conv[0-9]*'"));
        QVERIFY(numbered > 0);
        QCOMPARE(qint64(s.run(*m, QStringLiteral("CONV[0-9]"), true, &error)), numbered);
        QCOMPARE(s.run(*m, QStringLiteral("(unclosed"), true, &error), -1);
        QVERIFY(!error.isEmpty());
        QCOMPARE(s.run(*m, QString(), false, &error), 0);
        QCOMPARE(s.next(), -1);
    }

    void detailsPanelShowsTaskRangeAndMarks()
    {
        auto m = loaded(path_);
        QVERIFY(m);
        store::StoreError e;
        QString msg;
        auto st = store::TimelineStore::open(path_, 1, &e, &msg);
        QVERIFY(st);
        DetailsPanel panel;
        QSignalSpy shown(&panel, &DetailsPanel::wantsShown);
        int lane = -1;
        for (std::size_t i = 0; i < m->lanes.size() && lane < 0; ++i)
            if (m->lanes[i].kind == LaneKind::Stream && m->lanes[i].events.size())
                lane = int(i);
        QVERIFY(lane >= 0);
        panel.showEvent(*m, lane, 0, st.get());
        QCOMPARE(shown.count(), 1);
        const QString text = panel.detailsText();
        QVERIFY2(text.contains(QStringLiteral("Task ID: ")) && text.contains(QStringLiteral("Stream ID: ")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("could not be read")));

        // Range statistics over the first half: the "All tasks" count equals SQL over the range.
        const TimeNs t0 = 0, t1 = m->extent / 2;
        panel.showRange(*m, t0, t1);
        QCOMPARE(panel.currentWidget(), panel.statsTable());
        const qint64 sql = scalar(path_, QStringLiteral("SELECT COUNT(*) FROM tasks WHERE session = 1 AND start >= %1 AND start < %2")
                                             .arg(m->origin + t0).arg(m->origin + t1));
        QCOMPARE(panel.statsTable()->item(0, 2)->text().toLongLong(), sql);
        panel.showRange(*m, 5, 5);
        QCOMPARE(panel.statsTable()->rowCount(), 0);

        store::TimelineMark mk;
        mk.id = 1;
        mk.start = m->origin + 1000;
        mk.end = m->origin + 3000;
        mk.label = QStringLiteral("warm-up");
        panel.setMarks({mk}, m->origin);
        QCOMPARE(panel.marksList()->count(), 1);
        QVERIFY(panel.marksList()->item(0)->text().startsWith(QStringLiteral("warm-up")));
        QSignalSpy removal(&panel, &DetailsPanel::markRemovalRequested);
        panel.marksList()->setCurrentRow(0);
        QTest::keyClick(panel.marksList(), Qt::Key_Delete);
        QCOMPARE(removal.count(), 1);
        QCOMPARE(removal.at(0).at(0).toInt(), 0);
    }
};

QTEST_MAIN(TestTimelineParts)
#include "test_timeline_parts.moc"
