// LLM sessions in the GUI: the New Session dialog's parallelism fields (dp × tp × pp sets
// the devices, an inconsistent layout is said), and the Export dialog preselecting the
// torch_npu layout for a PyTorch session (legacy for a TensorFlow one).
#include "test_gui_support.h"
#include "ui/export_dialog.h"
#include "ui/new_session_dialog.h"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TestGuiLlm : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;

private Q_SLOTS:
    void initTestCase()
    {
        guitest::isolateSettings();
        QVERIFY(tmp_.isValid());
    }

    void parallelismFieldsSetTheLayout()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        d.setModel(QStringLiteral("llama"));
        QVERIFY(d.dpBox()->isEnabled());
        QVERIFY(!d.devicesBox()->isEnabled());
        d.dpBox()->setValue(2);
        d.tpBox()->setValue(2);
        d.ppBox()->setValue(2);
        d.microBatchesBox()->setValue(8);
        const SessionSpec s = d.spec();
        QCOMPARE(s.model, QStringLiteral("llama"));
        QCOMPARE(s.llm.dp * s.llm.tp * s.llm.pp, 8);
        QCOMPARE(s.llm.microBatches, 8);
        QCOMPARE(s.deviceCount(), 8);
        QVERIFY(device::Emulator::problems(s).isEmpty());
        // The total beside the device fields counts the ranks, past one server too.
        auto *total = d.findChild<QLabel *>(QStringLiteral("deviceTotal"));
        QVERIFY(total);
        QVERIFY2(total->text().contains(QLatin1String("8")), qPrintable(total->text()));
        d.dpBox()->setValue(4);
        QCOMPARE(d.spec().deviceCount(), 16);
        QVERIFY2(total->text().contains(QLatin1String("16")), qPrintable(total->text()));
        d.dpBox()->setValue(2);
        d.tpBox()->setValue(3);
        QVERIFY2(d.workloadMessage()->text().contains(QStringLiteral("not divisible by the tensor-parallel size 3")),
                 qPrintable(d.workloadMessage()->text()));
        d.setModel(QStringLiteral("lenet"));
        QVERIFY(!d.dpBox()->isEnabled());
        QCOMPARE(d.spec().llm, SessionSpec::Llm{});
    }

    void exportDialogPreselectsTheFrameworksLayout()
    {
        SessionSpec torch;
        torch.model = QStringLiteral("llama");
        torch.framework = Framework::PyTorch;
        torch.chip = QStringLiteral("910B");
        torch.batchSize = 1;
        torch.iterations = 1;
        torch.llm.layers = 2;
        torch.llm.seqLen = 128;
        QString error;
        const QString path = tmp_.filePath(QStringLiteral("torch.npuscope"));
        QVERIFY2(testrecord::recordComplete(torch, ProfilingOptions{}, path, &error), qPrintable(error));
        store::StoreError err{};
        QString msg;
        const auto sessions = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &msg)->sessions();
        ui::ExportDialog d(path, sessions.at(0).id);
        QVERIFY(d.isUsable());
        QCOMPARE(d.request().layout, exporting::ExportLayout::TorchNpu);
        QVERIFY(!d.kindsList()->isEnabled());
        // The legacy layout stays one choice away.
        d.layoutBox()->setCurrentIndex(d.layoutBox()->findData(int(exporting::ExportLayout::Legacy)));
        QCOMPARE(d.request().layout, exporting::ExportLayout::Legacy);
        QVERIFY(d.kindsList()->isEnabled());

        const QString tf = guitest::record(tmp_.filePath(QStringLiteral("tf.npuscope")));
        QVERIFY(!tf.isEmpty());
        const auto tfSessions = store::Project::open(tf, store::Project::Mode::ReadOnly, &err, &msg)->sessions();
        ui::ExportDialog e(tf, tfSessions.at(0).id);
        QCOMPARE(e.request().layout, exporting::ExportLayout::Legacy);
    }
};

QTEST_MAIN(TestGuiLlm)
#include "test_gui_llm.moc"
