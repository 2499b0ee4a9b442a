// The new-session dialog driven like a user: typing into the profiling-options form,
// importing a training script, presets, completion of fp_point/bp_point, the preview.
#include "test_gui_support.h"
#include "ui/new_session_dialog.h"
#include "ui/options_form.h"
#include "tests/test_files.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QMimeData>
#include <QDragEnterEvent>
#include <QUrl>

using namespace npuscope;

namespace {
QLineEdit *line(ui::NewSessionDialog &d, const char *key)
{
    return qobject_cast<QLineEdit *>(d.optionsForm()->field(QString::fromLatin1(key)));
}
QCheckBox *check(ui::NewSessionDialog &d, const char *key)
{
    return qobject_cast<QCheckBox *>(d.optionsForm()->field(QString::fromLatin1(key)));
}
// Shows the dialog on its profiling-options page, as a user would see the form.
bool showForm(ui::NewSessionDialog &d)
{
    d.show();
    d.tabs()->setCurrentIndex(1);
    return QTest::qWaitForWindowExposed(&d);
}
} // namespace

class TestGuiSessionDialog : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private Q_SLOTS:
    void initTestCase() { guitest::isolateSettings(); }

    void everyKeyHasAWidget()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        for (const QString &key : profilingOptionKeys()) {
            QVERIFY2(d.optionsForm()->field(key), qPrintable(key));
            QVERIFY2(d.optionsForm()->messageLabel(key), qPrintable(key));
        }
    }

    void invalidValueDisablesRunAndShowsTheMessageNextToTheField()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        QVERIFY(showForm(d));
        QVERIFY(d.isValid());
        QVERIFY(d.runButton()->isEnabled());

        QLineEdit *storage = line(d, "storage_limit");
        storage->setFocus();
        QTest::keyClicks(storage, QStringLiteral("xx"));
        QVERIFY(!d.isValid());
        QVERIFY(!d.runButton()->isEnabled());
        QLabel *msg = d.optionsForm()->messageLabel(QStringLiteral("storage_limit"));
        QVERIFY(msg->isVisibleTo(&d));
        QVERIFY2(msg->text().contains(QStringLiteral("storage_limit")), qPrintable(msg->text()));
        // Other fields stay clean.
        QVERIFY(d.optionsForm()->messageLabel(QStringLiteral("output"))->text().isEmpty());

        // Below the minimum: the core validator's rule.
        storage->selectAll();
        QTest::keyClicks(storage, QStringLiteral("100"));
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY2(msg->text().contains(QStringLiteral("200")), qPrintable(msg->text()));

        storage->selectAll();
        QTest::keyClicks(storage, QStringLiteral("500"));
        QVERIFY(d.runButton()->isEnabled());
        QVERIFY(!msg->isVisibleTo(&d));
        QCOMPARE(d.options().storageLimitMB.value_or(0), std::uint64_t(500));
        QVERIFY(d.jsonPreview()->toPlainText().contains(QStringLiteral("\"storage_limit\":\"500MB\"")));

        // Two problems at once, each next to its own field.
        QLineEdit *freq = line(d, "sys_interconnection_freq");
        QTest::keyClicks(freq, QStringLiteral("51"));
        QLineEdit *output = line(d, "output");
        output->selectAll();
        QTest::keyClick(output, Qt::Key_Delete);
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY(!d.optionsForm()->messageLabel(QStringLiteral("sys_interconnection_freq"))->text().isEmpty());
        QVERIFY(!d.optionsForm()->messageLabel(QStringLiteral("output"))->text().isEmpty());
        QCOMPARE(int(d.optionsForm()->problems().size()), 2);
        QVERIFY(d.estimatorPreview()->toPlainText().startsWith(QLatin1Char('#')));
    }

    void instructionSamplingExcludesTraces()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        QVERIFY(showForm(d));
        QTest::keyClicks(line(d, "instr_profiling_freq"), QStringLiteral("1000"));
        // training_trace is on by default in the form: the validator marks it.
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY(d.optionsForm()->messageLabel(QStringLiteral("training_trace"))->text().contains(
            QStringLiteral("instr_profiling_freq")));
        QTest::mouseClick(check(d, "training_trace"), Qt::LeftButton, {}, QPoint(5, 5));
        QVERIFY(!check(d, "training_trace")->isChecked());
        QVERIFY(d.runButton()->isEnabled()); // defaults are not written, so nothing conflicts
        QTest::mouseClick(check(d, "hccl"), Qt::LeftButton, {}, QPoint(5, 5));
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY(d.optionsForm()->messageLabel(QStringLiteral("hccl"))->text().contains(
            QStringLiteral("instr_profiling_freq")));
    }

    void previewShowsJsonAndBothCodeForms()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        QVERIFY(showForm(d));
        QTest::mouseClick(check(d, "hccl"), Qt::LeftButton, {}, QPoint(5, 5));
        const QString json = d.jsonPreview()->toPlainText();
        QVERIFY(json.contains(QStringLiteral("\"hccl\":\"on\"")));
        // The preview JSON is exactly what the validator accepted, and the code embeds it.
        ProfilingOptions parsed;
        QVERIFY(ProfilingOptions::parse(json.toUtf8(), &parsed).empty());
        QCOMPARE(d.estimatorPreview()->toPlainText(), generateTrainingCode(parsed, CodeForm::Estimator));
        QCOMPARE(d.sessRunPreview()->toPlainText(), generateTrainingCode(parsed, CodeForm::SessRun));
        QVERIFY(d.sessRunPreview()->toPlainText().contains(QStringLiteral("tf.compat.as_bytes")));
    }

    void importsScriptFillingTheFormOrNamingTheLine()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        const QString script = QStringLiteral(
            "import tensorflow as tf\n"
            "config = tf.ConfigProto()\n"
            "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
            "custom_op.name = \"NpuOptimizer\"\n"
            "custom_op.parameter_map[\"profiling_mode\"].b = True\n"
            "custom_op.parameter_map[\"profiling_options\"].s = tf.compat.as_bytes('{\"output\":\"/tmp/prof\","
            "\"task_trace\":\"on\",\"aicpu\":\"on\",\"aic_metrics\":\"Memory\",\"storage_limit\":\"300MB\"}')\n");
        QString message;
        QVERIFY(d.importScript(script, &message));
        QCOMPARE(line(d, "output")->text(), QStringLiteral("/tmp/prof"));
        QVERIFY(check(d, "aicpu")->isChecked());
        QVERIFY(!check(d, "training_trace")->isChecked());
        QCOMPARE(qobject_cast<QComboBox *>(d.optionsForm()->field(QStringLiteral("aic_metrics")))->currentText(),
                 QStringLiteral("Memory"));
        QCOMPARE(line(d, "storage_limit")->text(), QStringLiteral("300"));
        QCOMPARE(LaunchMode(d.modeBox()->currentData().toInt()), LaunchMode::SessRun);
        QVERIFY(d.isValid());
        QVERIFY(d.importStatus()->text().contains(QStringLiteral("6")));
        QCOMPARE(d.options().aicMetrics, AicMetrics::Memory);

        // An unterminated string: the error names the line, the form keeps its values.
        const QString broken = QStringLiteral("x = 1\nprofiling_options = '{\"output\":\"/tmp/a\"\n"
                                              "profiling_config = ProfilingConfig(enable_profiling=True, "
                                              "profiling_options=profiling_options)\n");
        QVERIFY(!d.importScript(broken, &message));
        QVERIFY2(message.contains(QStringLiteral("2")) || message.contains(QStringLiteral("3")), qPrintable(message));
        QCOMPARE(d.importStatus()->text(), message);
        QCOMPARE(line(d, "output")->text(), QStringLiteral("/tmp/prof"));

        // A file with no options at all.
        const QString plain = tmp_.filePath(QStringLiteral("plain.py"));
        QVERIFY(testfiles::writeFile(plain, "print('hello')\n"));
        QVERIFY(!d.importScriptFile(plain, &message));
        QVERIFY(d.importStatus()->text().startsWith(QStringLiteral("plain.py")));

        // Estimator form from a file.
        const QString est = tmp_.filePath(QStringLiteral("est.py"));
        QVERIFY(testfiles::writeFile(est, "from npu_bridge.estimator.npu.npu_config import NPURunConfig, ProfilingConfig\n"
                "profiling_options = '{\"output\":\"/tmp/est\",\"training_trace\":\"on\",\"fp_point\":\"\",\"bp_point\":\"\"}'\n"
                "profiling_config = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n"
                "config = NPURunConfig(profiling_config=profiling_config, session_config=tf.ConfigProto())\n"));
        QVERIFY(d.importScriptFile(est, &message));
        QVERIFY(check(d, "training_trace")->isChecked());
        QCOMPARE(LaunchMode(d.modeBox()->currentData().toInt()), LaunchMode::Estimator);
    }

    void pasteAndDropScripts()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        d.show();
        // "Paste Script…" opens a text box; the pasted text is imported on Import.
        guitest::whenShown<QDialog>([](QDialog *box) {
            auto *edit = box->findChild<QPlainTextEdit *>(QStringLiteral("scriptEdit"));
            edit->setPlainText(QStringLiteral("import os\nos.environ['PROFILING_MODE'] = 'true'\n"
                                              "os.environ['PROFILING_OPTIONS'] = '{\"output\":\"/tmp/env\",\"l2\":\"on\"}'\n"));
            // The paste box's own Import button (the dialog holds other import buttons).
            for (auto *b : edit->window()->findChildren<QPushButton *>())
                if (b->text().contains(QStringLiteral("Import")))
                    b->click();
        }, [](QDialog *box) { return box->findChild<QPlainTextEdit *>(QStringLiteral("scriptEdit")) != nullptr; });
        QPushButton *paste = nullptr;
        for (auto *b : d.findChildren<QPushButton *>())
            if (b->text().contains(QStringLiteral("Paste")))
                paste = b;
        QVERIFY(paste);
        QTest::mouseClick(paste, Qt::LeftButton);
        QCOMPARE(line(d, "output")->text(), QStringLiteral("/tmp/env"));
        QVERIFY(check(d, "l2")->isChecked());
        QVERIFY(d.importStatus()->text().contains(QStringLiteral("PROFILING_OPTIONS")));

        // Dropping a .py file on the dialog imports it.
        const QString dropped = tmp_.filePath(QStringLiteral("drop.py"));
        QVERIFY(testfiles::writeFile(dropped, "profiling_options = '{\"output\":\"/tmp/dropped\",\"hccl\":\"on\"}'\n"
                "profiling_config = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n"));
        bool enter = false, drop = false;
        guitest::dropOn(&d, dropped, &enter, &drop, QPoint(10, 10));
        QVERIFY(enter);
        QCOMPARE(line(d, "output")->text(), QStringLiteral("/tmp/dropped"));
        QVERIFY(check(d, "hccl")->isChecked());
    }

    void presetsSaveAndLoad()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        QVERIFY(!ui::NewSessionDialog::presetNames().isEmpty()); // built-ins from the resources
        QVERIFY(showForm(d));
        QTest::mouseClick(check(d, "l2"), Qt::LeftButton, {}, QPoint(5, 5));
        QTest::keyClicks(line(d, "dvpp_freq"), QStringLiteral("20"));
        QVERIFY(d.savePreset(QStringLiteral("My L2/dvpp set")));
        QVERIFY(ui::NewSessionDialog::presetNames().contains(QStringLiteral("My L2/dvpp set")));

        ui::NewSessionDialog e(tmp_.filePath(QStringLiteral("p.npuscope")));
        line(e, "output")->setText(QStringLiteral("/tmp/elsewhere"));
        QVERIFY(!check(e, "l2")->isChecked());
        QVERIFY(e.presetBox()->findData(QStringLiteral("My L2/dvpp set")) >= 0);
        QVERIFY(e.loadPreset(QStringLiteral("My L2/dvpp set")));
        QVERIFY(check(e, "l2")->isChecked());
        QCOMPARE(line(e, "dvpp_freq")->text(), QStringLiteral("20"));
        QCOMPARE(line(e, "output")->text(), QStringLiteral("/tmp/elsewhere")); // presets keep the output
        QVERIFY(e.deletePreset(QStringLiteral("My L2/dvpp set")));
        QVERIFY(!ui::NewSessionDialog::presetNames().contains(QStringLiteral("My L2/dvpp set")));

        // Every built-in preset is valid.
        for (const QString &n : ui::NewSessionDialog::presetNames()) {
            QVERIFY(e.loadPreset(n));
            QVERIFY2(e.isValid(), qPrintable(n));
        }
    }

    void fpPointCompletesFromTheModelsOps()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        QSignalSpy ready(&d, &ui::NewSessionDialog::opNamesReady);
        d.setModel(QStringLiteral("lenet"));
        QVERIFY(ready.wait(60000));
        QStringList names = ready.last().at(0).toStringList();
        while (names.isEmpty() || !names.join(QString()).contains(QStringLiteral("Conv"), Qt::CaseInsensitive)) {
            QVERIFY(ready.wait(60000));
            names = ready.last().at(0).toStringList();
        }
        QCOMPARE(d.optionsForm()->opNames(), names);
        QLineEdit *fp = line(d, "fp_point");
        QVERIFY(fp->completer());
        QCOMPARE(fp->completer()->model()->rowCount(), names.size());
        // A chosen op name is accepted by the validator.
        fp->setText(names.first());
        QVERIFY(d.isValid());
        QCOMPARE(d.options().fpPoint, names.first());
    }

    // The chip field: the 910 unless chosen, every chip the emulator knows offered by
    // name, the choice in the session's settings.
    void chipChoiceReachesTheSpec()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        d.setModel(QStringLiteral("lenet"));
        QCOMPARE(d.spec().chip, QStringLiteral("910"));
        QStringList chips;
        for (int i = 0; i < d.chipBox()->count(); ++i) {
            QVERIFY(d.chipBox()->itemText(i).contains(d.chipBox()->itemData(i).toString()));
            chips << d.chipBox()->itemData(i).toString();
        }
        QCOMPARE(chips, (QStringList{QStringLiteral("910"), QStringLiteral("910B")}));
        d.chipBox()->setCurrentIndex(d.chipBox()->findData(QStringLiteral("910B")));
        QCOMPARE(d.spec().chip, QStringLiteral("910B"));
        QVERIFY(d.runButton()->isEnabled());
    }

    void workloadIsValidatedToo()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        d.setModel(tmp_.filePath(QStringLiteral("no-such-model.json")));
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY(d.workloadMessage()->text().contains(QStringLiteral("no-such-model.json")));
        d.setModel(QStringLiteral("lenet"));
        QVERIFY(d.runButton()->isEnabled());
        d.setProjectPath(QString());
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY(!d.workloadMessage()->text().isEmpty());
    }
};

QTEST_MAIN(TestGuiSessionDialog)
#include "test_gui_session_dialog.moc"
