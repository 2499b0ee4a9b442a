<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Cli</name>
    <message>
        <location filename="../app/cli.cpp" line="132"/>
        <source>The profiling options have 1 problem:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="133"/>
        <source>The profiling options have %1 problems:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="142"/>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="156"/>
        <source>Give the profiling options only once: --profiling-options, --options-file or --script.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="161"/>
        <source>No profiling options given: use --profiling-options &apos;&lt;json&gt;&apos;, --options-file FILE or --script train.py.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="189"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="192"/>
        <source>Profiling options read from %1, line %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="194"/>
        <source>Warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="220"/>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="222"/>
        <source>%1 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="224"/>
        <source>%1 KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="225"/>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="241"/>
        <source>%1 holds no recorded session to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="259"/>
        <source>Exporting: file %1 of %2, %3 written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="274"/>
        <source>Exported session %1 to %2 (%3 files, %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="286"/>
        <location filename="../app/cli.cpp" line="564"/>
        <source>The profiling_options JSON string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="286"/>
        <source>json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="287"/>
        <source>Read the profiling_options JSON from a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="287"/>
        <location filename="../app/cli.cpp" line="407"/>
        <location filename="../app/cli.cpp" line="473"/>
        <location filename="../app/cli.cpp" line="530"/>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="288"/>
        <source>Read profiling_options from a TensorFlow training script.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="288"/>
        <source>train.py</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="297"/>
        <source>Run &apos;%1 --help&apos; for usage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="330"/>
        <location filename="../app/cli.cpp" line="584"/>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="341"/>
        <source>Iteration %1 of %2, %3 records, %4 records/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="358"/>
        <source>The run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="360"/>
        <source>What was recorded before the failure is kept in %1 (session %2, marked failed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="365"/>
        <source>Cancelled. Session %1 keeps the %2 records recorded so far and is marked cancelled in %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="373"/>
        <source>Recorded session %1 (%2, batch %3, %4 iterations, %5 devices, %6) into %7: %8 records in %9 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="394"/>
        <source>Emulate a profiled training session on Ascend 910 devices and record it into a project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="395"/>
        <source>Model: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="395"/>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="396"/>
        <source>Batch size per device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="396"/>
        <location filename="../app/cli.cpp" line="397"/>
        <location filename="../app/cli.cpp" line="398"/>
        <location filename="../app/cli.cpp" line="399"/>
        <location filename="../app/cli.cpp" line="402"/>
        <location filename="../app/cli.cpp" line="403"/>
        <location filename="../app/cli.cpp" line="404"/>
        <location filename="../app/cli.cpp" line="476"/>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="397"/>
        <source>Training iterations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="398"/>
        <source>Devices per server (1-8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="399"/>
        <source>Servers (1-4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="400"/>
        <source>Launch mode: estimator or sess.run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="400"/>
        <source>mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="401"/>
        <source>Precision: fp32 or mixed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="401"/>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="402"/>
        <source>Seed of the modelled jitter (same seed, same records).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="403"/>
        <source>Host input pipeline throughput in samples/s (0 = fast enough).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="404"/>
        <source>Gradient all-reduce segments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="405"/>
        <source>Scenario knobs, comma separated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="405"/>
        <source>names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="407"/>
        <source>Project file to record into (created if missing). Default: &lt;output&gt;/npuscope.npuscope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="408"/>
        <source>Also export the PROF directory into this folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="408"/>
        <location filename="../app/cli.cpp" line="474"/>
        <location filename="../app/cli.cpp" line="592"/>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="412"/>
        <source>Unexpected argument: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="421"/>
        <source>--%1 must be a whole number, got &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="433"/>
        <source>--mode must be &quot;estimator&quot; or &quot;sess.run&quot;, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="437"/>
        <source>--precision must be &quot;fp32&quot; or &quot;mixed&quot;, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="443"/>
        <source>--seed must be a whole number, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="448"/>
        <source>--input-rate must be a number of samples per second, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="472"/>
        <source>Export a recorded session as the PROF directory msprof writes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="473"/>
        <location filename="../app/cli.cpp" line="530"/>
        <source>Project file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="474"/>
        <source>Folder to create the PROF_* directory in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="475"/>
        <source>Session id (default: the newest).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="475"/>
        <source>id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="476"/>
        <source>Export only this model (graph) id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="477"/>
        <source>Export only iteration N or the range A-B.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="477"/>
        <source>N|A-B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="478"/>
        <source>Export only these devices, comma separated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="478"/>
        <source>ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="482"/>
        <source>export needs --project FILE and --output DIR.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="492"/>
        <source>--session must be a session id (see &apos;npuscope query&apos;), got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="499"/>
        <source>--model-id must be a whole number, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="506"/>
        <source>--iteration-id must be N or A-B with 1 &lt;= A &lt;= B, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="516"/>
        <source>--device must list device ids, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="529"/>
        <source>List the sessions, devices, models, iterations and record counts of a project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="531"/>
        <source>Output format: text or json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="531"/>
        <source>format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="538"/>
        <source>query needs --project FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="543"/>
        <source>--format must be &quot;text&quot; or &quot;json&quot;, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="563"/>
        <source>Validate profiling_options like the real collector; list every problem.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="569"/>
        <source>check-options takes one JSON string; quote it in the shell.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="581"/>
        <source>The profiling options are valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="591"/>
        <source>Record a small demo session (ResNet-50, 2 devices) and export it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="592"/>
        <source>Folder for the demo project and export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="616"/>
        <source>Demo project: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="617"/>
        <source>Demo export:  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="618"/>
        <source>Open the project in the GUI with: npuscope %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="625"/>
        <source>NPU Scope %1 - profiler for AI training on Ascend NPUs.

Usage: npuscope [project.npuscope]        open the GUI (needs a display)
       npuscope &lt;command&gt; [options]

Commands:
  run            emulate a profiled training session and record it into a project
  export         write a recorded session as a PROF directory (JSON timelines, CSV summaries)
  query          list sessions, devices, models, iterations and record counts
  check-options  validate a profiling_options string or a training script
  demo           record and export a small demo session

Options:
  -h, --help     show this help; &apos;npuscope &lt;command&gt; --help&apos; for a command
  -v, --version  show the version

Exit codes: 0 success, 2 invalid usage or options, 3 not a project, 4 corrupt project,
5 project from a newer version, 6 I/O error, 130 cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="685"/>
        <source>Unknown command or file &quot;%1&quot;. Run &apos;npuscope --help&apos; for the commands.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Emulator</name>
    <message>
        <location filename="../device/emulator.cpp" line="707"/>
        <source>The model &quot;%1&quot; is a model file; custom models come with the emulator issue. Use one of: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="710"/>
        <source>The model &quot;%1&quot; is unknown. Use one of: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="714"/>
        <source>The batch size %1 is out of range: it must be between 1 and 4096.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="717"/>
        <source>The iteration count %1 is out of range: it must be between 1 and 100000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="720"/>
        <source>The device count %1 per server is out of range: an Ascend 910 server has 1 to 8 devices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="723"/>
        <source>The server count %1 is out of range: it must be between 1 and 4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="726"/>
        <source>The all-reduce segment count %1 is out of range: it must be between 1 and 64.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="729"/>
        <source>The input rate %1 samples/s is not valid: it must be 0 (fast enough) or a positive number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="733"/>
        <source>The scenario &quot;%1&quot; is unknown. Known scenarios: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="813"/>
        <source>The record store refused a batch of iteration %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryTrace</name>
    <message>
        <location filename="../core/model/memory_trace.cpp" line="21"/>
        <source>The string id %1 was declared out of order (expected %2).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProfExporter</name>
    <message>
        <location filename="../core/exporting/out_file.cpp" line="93"/>
        <source>Could not create the file %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/out_file.cpp" line="128"/>
        <source>The file %1 was not open for writing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/out_file.cpp" line="144"/>
        <source>Could not write the file %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="161"/>
        <location filename="../core/exporting/prof_exporter.cpp" line="355"/>
        <location filename="../core/exporting/prof_exporter.cpp" line="388"/>
        <source>The export was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="256"/>
        <source>The iteration range %1-%2 is empty: the first iteration is after the last.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="261"/>
        <source>The session has no device %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="273"/>
        <source>Nothing to export: no recorded iteration matches the chosen devices, model and iteration range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="314"/>
        <source>No output folder was given for the export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="317"/>
        <source>Could not create the output folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="320"/>
        <source>The folder %1 already exists; choose another output folder or counter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="327"/>
        <source>Could not create the folder %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="339"/>
        <source>Could not create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="360"/>
        <source>Could not rename %1 to %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProfilingOptions</name>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="260"/>
        <source>newline (\n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="261"/>
        <source>form feed (\f)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="262"/>
        <source>carriage return (\r)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="263"/>
        <source>backspace (\b)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="264"/>
        <source>tab (\t)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="265"/>
        <source>vertical tab (\v)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="266"/>
        <source>DEL (0x7F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="281"/>
        <source>unknown key &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="285"/>
        <source>key &quot;%1&quot; is given more than once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="291"/>
        <source>%1 must be a string (in double quotes), got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="304"/>
        <source>%1 cannot be used together with instr_profiling_freq: instruction sampling excludes task, trace and metric collection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="321"/>
        <source>%1 must be &quot;on&quot; or &quot;off&quot;, got &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="330"/>
        <source>task_time must be &quot;on&quot;, &quot;off&quot;, &quot;l0&quot; or &quot;l1&quot;, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="341"/>
        <source>%1 must be one of ArithmeticUtilization, PipeUtilization, Memory, MemoryL0, MemoryUB, ResourceConflictRatio, got &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="348"/>
        <source>llc_profiling must be &quot;read&quot; or &quot;write&quot;, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="359"/>
        <source>Result path is empty: output must name a directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="365"/>
        <source>output is %1 characters long; a result path may have at most 1024 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="377"/>
        <source>output contains characters a result path must not contain: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="390"/>
        <source>storage_limit must end in &quot;MB&quot; (for example &quot;1024MB&quot;), got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="395"/>
        <source>storage_limit must give a number of megabytes before &quot;MB&quot; (for example &quot;1024MB&quot;), got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="401"/>
        <source>storage_limit must be only digits followed by &quot;MB&quot; (for example &quot;1024MB&quot;), got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="407"/>
        <source>storage_limit has more than 10 digits, got &quot;%1&quot;; max value is 4294967295MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="412"/>
        <source>storage_limit &quot;%1&quot; is too small: min value is 200MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="416"/>
        <source>storage_limit &quot;%1&quot; is too large: max value is 4294967295MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="428"/>
        <source>%1 must be a comma-separated list of &quot;cpu&quot; and &quot;mem&quot;, got &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="432"/>
        <source>%1 lists &quot;%2&quot; more than once, got &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="453"/>
        <source>%1 must be a whole number from %2 to %3, got &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="521"/>
        <source>profiling_options is empty; it must be a JSON object such as {&quot;output&quot;:&quot;/tmp/profiling&quot;}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="530"/>
        <source>profiling_options must be a JSON object such as {&quot;output&quot;:&quot;/tmp/profiling&quot;}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="534"/>
        <source>profiling_options is not valid JSON: %1 at offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="592"/>
        <source>HBM/DDR bandwidth counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="593"/>
        <source>NIC/RoCE counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="594"/>
        <source>PCIe/HCCS counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="595"/>
        <source>DVPP counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="596"/>
        <source>host CPU and memory usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="597"/>
        <source>host system usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="598"/>
        <source>host usage sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="599"/>
        <source>LLC counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="600"/>
        <source>instruction sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="601"/>
        <source>power data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="602"/>
        <source>vector-core metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="604"/>
        <source>The option %1 (&quot;%2&quot;) was accepted, but the emulator produces no data for it (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="322"/>
        <source>Line %1: a string literal is not terminated, so the script cannot be read past it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="331"/>
        <source>No profiling_options found in the script. Expected ProfilingConfig(enable_profiling=True, profiling_options=...), custom_op.parameter_map[&quot;profiling_options&quot;].s = tf.compat.as_bytes(...), or the PROFILING_OPTIONS environment variable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="464"/>
        <source>Line %1: ProfilingConfig does not set enable_profiling=True, so profiling stays off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="493"/>
        <source>Line %1: no value is given for the options.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="499"/>
        <source>Line %1: the options string is not terminated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="519"/>
        <source>Line %1: the options are an f-string, which is only known when the script runs; use a plain string literal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="534"/>
        <source>Line %1: the options come from the variable %2, which is never assigned a string in the script.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="558"/>
        <source>Line %1: the options are built by a function call (%2(...)), which is only known when the script runs; use a string literal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="565"/>
        <source>Line %1: the options are not a string literal or a variable holding one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="588"/>
        <source>Line %1: ProfilingConfig(...) has no profiling_options argument.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="607"/>
        <source>Line %1: parameter_map[&quot;profiling_mode&quot;] is False, so profiling stays off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="632"/>
        <source>Line %1: PROFILING_OPTIONS is set, but PROFILING_MODE is not set to &quot;true&quot; anywhere in the script, so profiling stays off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="656"/>
        <source>Line %1: PROFILING_MODE is &quot;%2&quot;, not exactly &quot;true&quot;, so profiling stays off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="662"/>
        <source>Line %1: PROFILING_MODE is not a string literal, so NPU Scope cannot tell whether it is &quot;true&quot;; profiling is treated as off.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProjectQuery</name>
    <message>
        <location filename="../core/store/project_query.cpp" line="153"/>
        <source>The project %1 holds no sessions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project_query.cpp" line="158"/>
        <source>Session %1 records: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project_query.cpp" line="160"/>
        <source> (%1 bytes removed by the storage limit)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProjectStore</name>
    <message>
        <location filename="../core/store/schema.cpp" line="281"/>
        <source>schema step %1 → %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="74"/>
        <source>The lock file %1 of the project could not be created: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="85"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="87"/>
        <source>The project %1 is already being recorded by another NPU Scope process (pid %2). Wait until that recording ends, or record into another project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="92"/>
        <source>The lock file %1 of the project could not be locked: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="390"/>
        <source>The project %1 has no session %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1167"/>
        <location filename="../core/store/sqlite_db.cpp" line="175"/>
        <source>The folder %1 for the project could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1207"/>
        <source>The recording into %1 was started twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1261"/>
        <source>Records were written to %1 outside of a recording.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1281"/>
        <source>The recording into %1 was ended before it began.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1283"/>
        <source>The recording into %1 was ended twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="141"/>
        <source>The disk is full: the project %1 could not be written. Everything saved before this point is kept; free some space and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="144"/>
        <source>A disk error occurred while accessing the project %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="146"/>
        <source>The project %1 cannot be written: the file or its folder is read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="149"/>
        <source>Permission denied while accessing the project %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="151"/>
        <source>The project %1 cannot be opened (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="154"/>
        <location filename="../core/store/sqlite_db.cpp" line="261"/>
        <source>The project %1 is damaged (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="157"/>
        <source>The project %1 is locked by another program (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="159"/>
        <source>The project %1 could not be accessed: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="172"/>
        <source>The project %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="204"/>
        <source>%1 is a folder, not an NPU Scope project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="212"/>
        <source>The project %1 cannot be read: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="217"/>
        <source>%1 is not an NPU Scope project (not a SQLite database).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="236"/>
        <source>%1 is a SQLite database but not an NPU Scope project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="243"/>
        <source>The project %1 was written by a newer NPU Scope (schema %2); this version reads up to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="249"/>
        <source>The project %1 is damaged: it has no schema version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="272"/>
        <source>The project %1 was written by an older NPU Scope (schema %2) and must be upgraded; open it once with write access.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionSpec</name>
    <message>
        <location filename="../core/model/session.cpp" line="81"/>
        <source>The session settings are not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/session.cpp" line="95"/>
        <source>The session settings name an unknown launch mode or precision.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>npuscope::ui::MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="46"/>
        <source>NPU Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="48"/>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="48"/>
        <location filename="../ui/main_window.cpp" line="190"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="48"/>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="48"/>
        <location filename="../ui/main_window.cpp" line="200"/>
        <source>Records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="55"/>
        <source>&lt;h3&gt;NPU Scope&lt;/h3&gt;&lt;p&gt;Open a project (&lt;b&gt;File → Open Project…&lt;/b&gt;) or record a new emulated session (&lt;b&gt;File → New Session…&lt;/b&gt;).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="65"/>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="69"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="92"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="93"/>
        <source>&amp;New Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="95"/>
        <source>&amp;Open Project…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="97"/>
        <source>&amp;Export Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="98"/>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="100"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="102"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="103"/>
        <source>&amp;About NPU Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="105"/>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="118"/>
        <source>Cannot Open Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="122"/>
        <source>%1 - NPU Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="142"/>
        <source>Session %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="147"/>
        <source>Device %1 (rank %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="150"/>
        <source>Model %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="151"/>
        <source>%n iteration(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="184"/>
        <source>&lt;h3&gt;Session %1&lt;/h3&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="189"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="191"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="192"/>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="193"/>
        <source>Iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="194"/>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="195"/>
        <source>Launch mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="196"/>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="197"/>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="198"/>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="199"/>
        <source>Tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="201"/>
        <source>profiling_options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="210"/>
        <source>Open Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="211"/>
        <source>NPU Scope projects (*.npuscope);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="219"/>
        <source>Busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="219"/>
        <source>Wait for the current work to finish or cancel it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="230"/>
        <source>Invalid Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="249"/>
        <source>Iteration %1 of %2, %3 records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="265"/>
        <source>Recording %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="272"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="272"/>
        <source>Select a session in the project explorer first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="277"/>
        <source>Export PROF Directory Into</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="308"/>
        <source>Exported %n file(s) to &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="320"/>
        <source>Exporting session %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="342"/>
        <location filename="../ui/main_window.cpp" line="343"/>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="345"/>
        <source>Cancelled; what was recorded is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="347"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="359"/>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="364"/>
        <source>About NPU Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="365"/>
        <source>&lt;h3&gt;NPU Scope %1&lt;/h3&gt;&lt;p&gt;A profiler for AI training on Ascend NPUs, with an Ascend 910 emulator, msprof-compatible exports and a SQLite project file.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>npuscope::ui::NewSessionDialog</name>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="25"/>
        <source>New Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="27"/>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="42"/>
        <source>Estimator (iterations sink to the device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="43"/>
        <source>sess.run (host round trip per step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="45"/>
        <source>Mixed precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="46"/>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="50"/>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="51"/>
        <source>&amp;Batch size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="52"/>
        <source>&amp;Iterations:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="53"/>
        <source>&amp;Devices:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="54"/>
        <source>&amp;Launch mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="55"/>
        <source>&amp;Precision:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="56"/>
        <source>&amp;Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="58"/>
        <source>profiling_options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="76"/>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="77"/>
        <source>Choose the project file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="79"/>
        <source>Project File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="80"/>
        <source>NPU Scope projects (*.npuscope)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="85"/>
        <source>Record into:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="90"/>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="147"/>
        <source>Choose a project file to record into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="152"/>
        <source>The options are valid.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
