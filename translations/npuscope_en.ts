<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name></name>
    <message numerus="yes">
        <source>%n row(s) match no AI Core task of the timeline and were skipped.</source>
        <translation>
            <numerusform>%n row matches no AI Core task of the timeline and was skipped.</numerusform>
            <numerusform>%n rows match no AI Core task of the timeline and were skipped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n PMU row(s) name no kernel task; they were skipped.</source>
        <translation>
            <numerusform>%n PMU row names no kernel task; it was skipped.</numerusform>
            <numerusform>%n PMU rows name no kernel task; they were skipped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) describe a task the TASK table does not have; they were skipped.</source>
        <translation>
            <numerusform>%n row describes a task the TASK table does not have; it was skipped.</numerusform>
            <numerusform>%n rows describe a task the TASK table does not have; they were skipped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Advisor</name>
    <message numerus="yes">
        <source>%n op(s) of type %1 ran on the AI CPU although the type has an AI Core kernel; they take %2 ms per iteration (%3 % of the iteration time), the compute stream waits for them. The longest, %4, takes %5 µs.</source>
        <translation>
            <numerusform>%n op of type %1 ran on the AI CPU although the type has an AI Core kernel; it takes %2 ms per iteration (%3 % of the iteration time), the compute stream waits for it: %4 takes %5 µs.</numerusform>
            <numerusform>%n ops of type %1 ran on the AI CPU although the type has an AI Core kernel; they take %2 ms per iteration (%3 % of the iteration time), the compute stream waits for them. The longest, %4, takes %5 µs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message numerus="yes">
        <source>%n iteration(s)</source>
        <translation>
            <numerusform>%n iteration</numerusform>
            <numerusform>%n iterations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n device</numerusform>
            <numerusform>%n devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n times in this file)</source>
        <translation>
            <numerusform> (once in this file)</numerusform>
            <numerusform> (%n times in this file)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) were found; they are listed above and stored with the session.</source>
        <translation>
            <numerusform>%n problem was found; it is listed above and stored with the session.</numerusform>
            <numerusform>%n problems were found; they are listed above and stored with the session.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JsonPull</name>
    <message numerus="yes">
        <source>The file ends early: %n container(s) not closed (truncated?).</source>
        <translation>
            <numerusform>The file ends early: %n container not closed (truncated?).</numerusform>
            <numerusform>The file ends early: %n containers not closed (truncated?).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProjectQuery</name>
    <message numerus="yes">
        <source>%n problem(s) found during the import:</source>
        <translation>
            <numerusform>%n problem found during the import:</numerusform>
            <numerusform>%n problems found during the import:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n times in this file)</source>
        <translation>
            <numerusform> (once in this file)</numerusform>
            <numerusform> (%n times in this file)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (query --format json lists them all).</source>
        <translation>
            <numerusform>… and %n more (query --format json lists them all).</numerusform>
            <numerusform>… and %n more (query --format json lists them all).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::AdvisorView</name>
    <message numerus="yes">
        <source>No findings from the rules that ran; %n rule(s) could not run.</source>
        <translation>
            <numerusform>No findings from the rules that ran; %n rule could not run.</numerusform>
            <numerusform>No findings from the rules that ran; %n rules could not run.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rule(s) could not run.</source>
        <translation>
            <numerusform>%n rule could not run.</numerusform>
            <numerusform>%n rules could not run.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ChartsView</name>
    <message numerus="yes">
        <source>Other (%n op types)</source>
        <translation>
            <numerusform>Other (%n op type)</numerusform>
            <numerusform>Other (%n op types)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Top %n op types by total time</source>
        <translation>
            <numerusform>Top %n op type by total time</numerusform>
            <numerusform>Top %n op types by total time</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Iteration breakdown on %n devices (model %1)</source>
        <translation>
            <numerusform>Iteration breakdown on %n device (model %1)</numerusform>
            <numerusform>Iteration breakdown on %n devices (model %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n AI Core tasks, %2)</source>
        <translation>
            <numerusform>%1 (%n AI Core task, %2)</numerusform>
            <numerusform>%1 (%n AI Core tasks, %2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>AI Core pipe ratios of the top %n op types by time</source>
        <translation>
            <numerusform>AI Core pipe ratios of the top %n op type by time</numerusform>
            <numerusform>AI Core pipe ratios of the top %n op types by time</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2)
%3 GB/s
%4 in %5 over %n occurrences</source>
        <translation>
            <numerusform>%1 (%2)
%3 GB/s
%4 in %5 over %n occurrences</numerusform>
            <numerusform>%1 (%2)
%3 GB/s
%4 in %5 over %n occurrences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 transport
%2 GB/s
%3 in %4 over %n HCCL tasks</source>
        <translation>
            <numerusform>%1 transport
%2 GB/s
%3 in %4 over %n HCCL tasks</numerusform>
            <numerusform>%1 transport
%2 GB/s
%3 in %4 over %n HCCL tasks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hit rate %1–%2 %
%n AI Core tasks</source>
        <translation>
            <numerusform>Hit rate %1–%2 %
%n AI Core tasks</numerusform>
            <numerusform>Hit rate %1–%2 %
%n AI Core tasks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> — %n module(s) reserved nothing and are not drawn</source>
        <translation>
            <numerusform> — %n module reserved nothing and is not drawn</numerusform>
            <numerusform> — %n modules reserved nothing and are not drawn</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n device(s)</source>
        <translation>
            <numerusform>All %n device</numerusform>
            <numerusform>All %n devices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::CommunicationTableModel</name>
    <message numerus="yes">
        <source>All ops (%n op(s))</source>
        <translation>
            <numerusform>All ops (%n op)</numerusform>
            <numerusform>All ops (%n ops)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::CommunicationView</name>
    <message numerus="yes">
        <source>Only %n rank(s) of the %1 in the group were captured, so the other rows are empty.</source>
        <translation>
            <numerusform>Only %n rank of the %1 in the group was captured, so the other rows are empty.</numerusform>
            <numerusform>Only %n ranks of the %1 in the group were captured, so the other rows are empty.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ExportDialog</name>
    <message numerus="yes">
        <source>Exported %n file(s) to &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</source>
        <translation>
            <numerusform>Exported %n file to &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</numerusform>
            <numerusform>Exported %n files to &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ImportResultDialog</name>
    <message numerus="yes">
        <source> (%n times in this file)</source>
        <translation>
            <numerusform> (once in this file)</numerusform>
            <numerusform> (%n times in this file)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s): each names the file, the line and byte offset, and the reason.</source>
        <translation>
            <numerusform>%n problem: each names the file, the line and byte offset, and the reason.</numerusform>
            <numerusform>%n problems: each names the file, the line and byte offset, and the reason.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::MainWindow</name>
    <message numerus="yes">
        <source>%n problem(s) found during the import:</source>
        <translation>
            <numerusform>%n problem found during the import:</numerusform>
            <numerusform>%n problems found during the import:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n times in this file)</source>
        <translation>
            <numerusform> (once in this file)</numerusform>
            <numerusform> (%n times in this file)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (npuscope query --format json lists them all).</source>
        <translation>
            <numerusform>… and %n more (npuscope query --format json lists them all).</numerusform>
            <numerusform>… and %n more (npuscope query --format json lists them all).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n iteration(s); what was recorded is kept.</source>
        <translation>
            <numerusform>Cancelled after %n iteration; what was recorded is kept.</numerusform>
            <numerusform>Cancelled after %n iterations; what was recorded is kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %1 into session %2 of %3: %4 events and rows imported, %5 skipped, %n problem(s).</source>
        <translation>
            <numerusform>Imported %1 into session %2 of %3: %4 events and rows imported, %5 skipped, %n problem.</numerusform>
            <numerusform>Imported %1 into session %2 of %3: %4 events and rows imported, %5 skipped, %n problems.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::NewSessionDialog</name>
    <message numerus="yes">
        <source>= %n device(s)</source>
        <translation>
            <numerusform>= %n device</numerusform>
            <numerusform>= %n devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The torch_npu schedule records none of the %n step(s): run more iterations or shorten the schedule&apos;s skip_first, wait and warmup.</source>
        <translation>
            <numerusform>The torch_npu schedule records none of the %n step: run more iterations or shorten the schedule&apos;s skip_first, wait and warmup.</numerusform>
            <numerusform>The torch_npu schedule records none of the %n steps: run more iterations or shorten the schedule&apos;s skip_first, wait and warmup.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in the workload</source>
        <translation>
            <numerusform>%n problem in the workload</numerusform>
            <numerusform>%n problems in the workload</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in the torch_npu profiler config</source>
        <translation>
            <numerusform>%n problem in the torch_npu profiler config</numerusform>
            <numerusform>%n problems in the torch_npu profiler config</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in the profiling options</source>
        <translation>
            <numerusform>%n problem in the profiling options</numerusform>
            <numerusform>%n problems in the profiling options</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready to run %1 × %n step(s) with torch_npu&apos;s profiler.</source>
        <translation>
            <numerusform>Ready to run %1 × %n step with torch_npu&apos;s profiler.</numerusform>
            <numerusform>Ready to run %1 × %n steps with torch_npu&apos;s profiler.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>torch_npu corrects %n setting(s) (marked in the form) and runs with the corrected values.</source>
        <translation>
            <numerusform>torch_npu corrects %n setting (marked in the form) and runs with the corrected values.</numerusform>
            <numerusform>torch_npu corrects %n settings (marked in the form) and runs with the corrected values.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready to run %1 × %n iteration(s).</source>
        <translation>
            <numerusform>Ready to run %1 × %n iteration.</numerusform>
            <numerusform>Ready to run %1 × %n iterations.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) are marked in the form.</source>
        <translation>
            <numerusform>%n problem is marked in the form.</numerusform>
            <numerusform>%n problems are marked in the form.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::OverviewView</name>
    <message numerus="yes">
        <source>batch %1 per device × %n device(s) ÷ steady iteration time</source>
        <translation>
            <numerusform>batch %1 per device × %n device ÷ steady iteration time</numerusform>
            <numerusform>batch %1 per device × %n devices ÷ steady iteration time</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>with step-trace markers, on %n device(s)</source>
        <translation>
            <numerusform>with step-trace markers, on %n device</numerusform>
            <numerusform>with step-trace markers, on %n devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rule(s) could not run</source>
        <translation>
            <numerusform>%n rule could not run</numerusform>
            <numerusform>%n rules could not run</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Other (%n op types)</source>
        <translation>
            <numerusform>Other (%n op type)</numerusform>
            <numerusform>Other (%n op types)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with step-trace markers</source>
        <translation>
            <numerusform>%n with step-trace markers</numerusform>
            <numerusform>%n with step-trace markers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ProjectExplorer</name>
    <message numerus="yes">
        <source>%n iteration(s)</source>
        <translation>
            <numerusform>%n iteration</numerusform>
            <numerusform>%n iterations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::TimelineView</name>
    <message numerus="yes">
        <source> (+%n depth(s))</source>
        <translation>
            <numerusform> (+%n deeper level)</numerusform>
            <numerusform> (+%n deeper levels)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Top-level ranges; %n deeper call depth(s) folded in: click the triangle or press E to expand.</source>
        <translation>
            <numerusform>Top-level ranges; %n deeper call level folded in: click the triangle or press E to expand.</numerusform>
            <numerusform>Top-level ranges; %n deeper call levels folded in: click the triangle or press E to expand.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show all %n hidden lane(s)	Shift+H</source>
        <translation>
            <numerusform>Show all %n hidden lane	Shift+H</numerusform>
            <numerusform>Show all %n hidden lanes	Shift+H</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) named %1.</source>
        <translation>
            <numerusform>%n event named %1.</numerusform>
            <numerusform>%n events named %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 tasks on %n device(s). Press ? for the keys.</source>
        <translation>
            <numerusform>%1: %2 tasks on %n device. Press ? for the keys.</numerusform>
            <numerusform>%1: %2 tasks on %n devices. Press ? for the keys.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::TorchProfilerForm</name>
    <message numerus="yes">
        <source>Of the session&apos;s %n step(s), the schedule records none.</source>
        <translation>
            <numerusform>Of the session&apos;s %n step, the schedule records none.</numerusform>
            <numerusform>Of the session&apos;s %n steps, the schedule records none.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Of the session&apos;s %n step(s), the schedule records %1.</source>
        <translation>
            <numerusform>Of the session&apos;s %n step, the schedule records %1.</numerusform>
            <numerusform>Of the session&apos;s %n steps, the schedule records %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>torch_npu corrects %n value(s) of the script; the form shows the corrected values:</source>
        <translation>
            <numerusform>torch_npu corrects %n value of the script; the form shows the corrected values:</numerusform>
            <numerusform>torch_npu corrects %n values of the script; the form shows the corrected values:</numerusform>
        </translation>
    </message>
</context>
</TS>
