<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Cli</name>
    <message>
        <location filename="../app/cli.cpp" line="132"/>
        <source>The profiling options have 1 problem:</source>
        <translation>Profiling 选项有 1 个问题：</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="133"/>
        <source>The profiling options have %1 problems:</source>
        <translation>Profiling 选项有 %1 个问题：</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="142"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="156"/>
        <source>Give the profiling options only once: --profiling-options, --options-file or --script.</source>
        <translation>Profiling 选项只能指定一次：--profiling-options、--options-file 和 --script 三者只能选其一。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="161"/>
        <source>No profiling options given: use --profiling-options &apos;&lt;json&gt;&apos;, --options-file FILE or --script train.py.</source>
        <translation>未指定 Profiling 选项：请使用 --profiling-options &apos;&lt;json&gt;&apos;、--options-file FILE 或 --script train.py。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="189"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="192"/>
        <source>Profiling options read from %1, line %2.</source>
        <translation>Profiling 选项读取自 %1 第 %2 行。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="194"/>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="220"/>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="222"/>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="224"/>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="225"/>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="241"/>
        <source>%1 holds no recorded session to export.</source>
        <translation>%1 中没有可导出的已记录会话。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="259"/>
        <source>Exporting: file %1 of %2, %3 written</source>
        <translation>正在导出：第 %1/%2 个文件，已写入 %3</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="274"/>
        <source>Exported session %1 to %2 (%3 files, %4).</source>
        <translation>已将会话 %1 导出到 %2（%3 个文件，%4）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="286"/>
        <location filename="../app/cli.cpp" line="569"/>
        <source>The profiling_options JSON string.</source>
        <translation>profiling_options JSON 字符串。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="286"/>
        <source>json</source>
        <translation>json</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="287"/>
        <source>Read the profiling_options JSON from a file.</source>
        <translation>从文件读取 profiling_options JSON。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="287"/>
        <location filename="../app/cli.cpp" line="407"/>
        <location filename="../app/cli.cpp" line="473"/>
        <location filename="../app/cli.cpp" line="535"/>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="288"/>
        <source>Read profiling_options from a TensorFlow training script.</source>
        <translation>从 TensorFlow 训练脚本中读取 profiling_options。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="288"/>
        <source>train.py</source>
        <translation>train.py</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="297"/>
        <source>Run &apos;%1 --help&apos; for usage.</source>
        <translation>运行 &apos;%1 --help&apos; 查看用法。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="330"/>
        <location filename="../app/cli.cpp" line="589"/>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="341"/>
        <source>Iteration %1 of %2, %3 records, %4 records/s</source>
        <translation>迭代 %1/%2，%3 条记录，%4 条记录/秒</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="358"/>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="360"/>
        <source>What was recorded before the failure is kept in %1 (session %2, marked failed).</source>
        <translation>失败前已记录的数据保存在 %1 中（会话 %2，已标记为失败）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="365"/>
        <source>Cancelled. Session %1 keeps the %2 records recorded so far and is marked cancelled in %3.</source>
        <translation>已取消。会话 %1 保留了目前已记录的 %2 条记录，并在 %3 中标记为已取消。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="373"/>
        <source>Recorded session %1 (%2, batch %3, %4 iterations, %5 devices, %6) into %7: %8 records in %9 s.</source>
        <translation>已将会话 %1（%2，批大小 %3，%4 次迭代，%5 个设备，%6）记录到 %7：共 %8 条记录，用时 %9 秒。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="394"/>
        <source>Emulate a profiled training session on Ascend 910 devices and record it into a project.</source>
        <translation>在 Ascend 910 设备上仿真一次开启 Profiling 的训练会话，并将其记录到工程中。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="395"/>
        <source>Model: %1.</source>
        <translation>模型：%1。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="395"/>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="396"/>
        <source>Batch size per device.</source>
        <translation>每个设备的批大小（batch size）。</translation>
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
        <translation>n</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="397"/>
        <source>Training iterations.</source>
        <translation>训练迭代次数。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="398"/>
        <source>Devices per server (1-8).</source>
        <translation>每台服务器的设备数（1-8）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="399"/>
        <source>Servers (1-4).</source>
        <translation>服务器数量（1-4）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="400"/>
        <source>Launch mode: estimator or sess.run.</source>
        <translation>启动模式：estimator 或 sess.run。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="400"/>
        <source>mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="401"/>
        <source>Precision: fp32 or mixed.</source>
        <translation>精度：fp32 或 mixed。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="401"/>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="402"/>
        <source>Seed of the modelled jitter (same seed, same records).</source>
        <translation>模拟抖动所用的随机种子（种子相同，记录相同）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="403"/>
        <source>Host input pipeline throughput in samples/s (0 = fast enough).</source>
        <translation>Host 侧输入流水线吞吐量，单位 samples/s（0 = 足够快）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="404"/>
        <source>Gradient all-reduce segments.</source>
        <translation>梯度 all-reduce 分段数。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="405"/>
        <source>Scenario knobs, comma separated.</source>
        <translation>场景开关，以逗号分隔。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="405"/>
        <location filename="../app/cli.cpp" line="481"/>
        <source>names</source>
        <translation>名称列表</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="407"/>
        <source>Project file to record into (created if missing). Default: &lt;output&gt;/npuscope.npuscope.</source>
        <translation>要记录到的工程文件（不存在时自动创建）。默认：&lt;output&gt;/npuscope.npuscope。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="408"/>
        <source>Also export the PROF directory into this folder.</source>
        <translation>同时将 PROF 目录导出到此文件夹。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="408"/>
        <location filename="../app/cli.cpp" line="474"/>
        <location filename="../app/cli.cpp" line="597"/>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="412"/>
        <source>Unexpected argument: %1</source>
        <translation>意外的参数：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="421"/>
        <source>--%1 must be a whole number, got &quot;%2&quot;.</source>
        <translation>--%1 必须是整数，实际为 &quot;%2&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="433"/>
        <source>--mode must be &quot;estimator&quot; or &quot;sess.run&quot;, got &quot;%1&quot;.</source>
        <translation>--mode 必须是 &quot;estimator&quot; 或 &quot;sess.run&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="437"/>
        <source>--precision must be &quot;fp32&quot; or &quot;mixed&quot;, got &quot;%1&quot;.</source>
        <translation>--precision 必须是 &quot;fp32&quot; 或 &quot;mixed&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="443"/>
        <source>--seed must be a whole number, got &quot;%1&quot;.</source>
        <translation>--seed 必须是整数，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="448"/>
        <source>--input-rate must be a number of samples per second, got &quot;%1&quot;.</source>
        <translation>--input-rate 必须是表示每秒样本数的数字，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="472"/>
        <source>Export a recorded session as the PROF directory msprof writes.</source>
        <translation>将已记录的会话导出为与 msprof 输出格式相同的 PROF 目录。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="473"/>
        <location filename="../app/cli.cpp" line="535"/>
        <source>Project file.</source>
        <translation>工程文件。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="474"/>
        <source>Folder to create the PROF_* directory in.</source>
        <translation>用于创建 PROF_* 目录的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="475"/>
        <source>Session id (default: the newest).</source>
        <translation>会话 ID（默认：最新的会话）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="475"/>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="476"/>
        <source>Export only this model (graph) id.</source>
        <translation>仅导出此模型（图）ID。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="477"/>
        <source>Export only iteration N or the range A-B.</source>
        <translation>仅导出第 N 次迭代或 A-B 范围内的迭代。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="477"/>
        <source>N|A-B</source>
        <translation>N|A-B</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="478"/>
        <source>Export only these devices, comma separated.</source>
        <translation>仅导出这些设备，以逗号分隔。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="478"/>
        <source>ids</source>
        <translation>ids</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="479"/>
        <source>Export only these files, comma separated: %1.</source>
        <translation>仅导出这些文件，以逗号分隔：%1。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="485"/>
        <source>export needs --project FILE and --output DIR.</source>
        <translation>export 需要 --project FILE 和 --output DIR。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="495"/>
        <source>--session must be a session id (see &apos;npuscope query&apos;), got &quot;%1&quot;.</source>
        <translation>--session 必须是会话 ID（参见 &apos;npuscope query&apos;），实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="502"/>
        <source>--model-id must be a whole number, got &quot;%1&quot;.</source>
        <translation>--model-id 必须是整数，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="509"/>
        <source>--iteration-id must be N or A-B with 1 &lt;= A &lt;= B, got &quot;%1&quot;.</source>
        <translation>--iteration-id 必须是 N 或 A-B（1 &lt;= A &lt;= B），实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="519"/>
        <source>--device must list device ids, got &quot;%1&quot;.</source>
        <translation>--device 必须列出设备 ID，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="534"/>
        <source>List the sessions, devices, models, iterations and record counts of a project.</source>
        <translation>列出工程中的会话、设备、模型、迭代和记录数。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="536"/>
        <source>Output format: text or json.</source>
        <translation>输出格式：text 或 json。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="536"/>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="543"/>
        <source>query needs --project FILE.</source>
        <translation>query 需要 --project FILE。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="548"/>
        <source>--format must be &quot;text&quot; or &quot;json&quot;, got &quot;%1&quot;.</source>
        <translation>--format 必须是 &quot;text&quot; 或 &quot;json&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="568"/>
        <source>Validate profiling_options like the real collector; list every problem.</source>
        <translation>按真实采集器的规则校验 profiling_options，并列出所有问题。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="574"/>
        <source>check-options takes one JSON string; quote it in the shell.</source>
        <translation>check-options 只接受一个 JSON 字符串；请在 shell 中用引号将其括起。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="586"/>
        <source>The profiling options are valid.</source>
        <translation>Profiling 选项有效。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="596"/>
        <source>Record a small demo session (ResNet-50, 2 devices) and export it.</source>
        <translation>记录一个小型演示会话（ResNet-50，2 个设备）并将其导出。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="597"/>
        <source>Folder for the demo project and export.</source>
        <translation>存放演示工程和导出结果的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="621"/>
        <source>Demo project: %1</source>
        <translation>演示工程：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="622"/>
        <source>Demo export:  %1</source>
        <translation>演示导出：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="623"/>
        <source>Open the project in the GUI with: npuscope %1</source>
        <translation>在图形界面中打开该工程：npuscope %1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="630"/>
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
        <translation>NPU Scope %1 - 面向昇腾 NPU 的 AI 训练性能分析工具。

用法:  npuscope [project.npuscope]        打开图形界面（需要显示环境）
       npuscope &lt;command&gt; [options]

命令:
  run            仿真一次开启 Profiling 的训练会话，并将其记录到工程中
  export         将已记录的会话写为 PROF 目录（JSON 时间线、CSV 汇总）
  query          列出会话、设备、模型、迭代和记录数
  check-options  校验 profiling_options 字符串或训练脚本
  demo           记录并导出一个小型演示会话

选项:
  -h, --help     显示本帮助；查看某个命令的帮助请用 &apos;npuscope &lt;command&gt; --help&apos;
  -v, --version  显示版本

退出码: 0 成功，2 用法或选项无效，3 不是工程文件，4 工程已损坏，
5 工程来自更高版本，6 I/O 错误，130 已取消。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="670"/>
        <source>There is no display for the GUI (DISPLAY is not set). Use a command instead, for example &apos;npuscope demo&apos; or &apos;npuscope query --project %1&apos;.</source>
        <translation>没有可用于图形界面的显示环境（未设置 DISPLAY）。请改用命令，例如 &apos;npuscope demo&apos; 或 &apos;npuscope query --project %1&apos;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="700"/>
        <source>Unknown command or file &quot;%1&quot;. Run &apos;npuscope --help&apos; for the commands.</source>
        <translation>未知的命令或文件 &quot;%1&quot;。运行 &apos;npuscope --help&apos; 查看可用命令。</translation>
    </message>
</context>
<context>
    <name>Emulator</name>
    <message>
        <location filename="../device/emulator.cpp" line="707"/>
        <source>The model &quot;%1&quot; is a model file; custom models come with the emulator issue. Use one of: %2.</source>
        <translation>模型 &quot;%1&quot; 是一个模型文件；自定义模型将在仿真器的后续 issue 中支持。请使用以下模型之一：%2。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="710"/>
        <source>The model &quot;%1&quot; is unknown. Use one of: %2.</source>
        <translation>未知的模型 &quot;%1&quot;。请使用以下模型之一：%2。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="714"/>
        <source>The batch size %1 is out of range: it must be between 1 and 4096.</source>
        <translation>批大小 %1 超出范围：必须介于 1 到 4096 之间。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="717"/>
        <source>The iteration count %1 is out of range: it must be between 1 and 100000.</source>
        <translation>迭代次数 %1 超出范围：必须介于 1 到 100000 之间。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="720"/>
        <source>The device count %1 per server is out of range: an Ascend 910 server has 1 to 8 devices.</source>
        <translation>每台服务器的设备数 %1 超出范围：一台 Ascend 910 服务器有 1 到 8 个设备。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="723"/>
        <source>The server count %1 is out of range: it must be between 1 and 4.</source>
        <translation>服务器数量 %1 超出范围：必须介于 1 到 4 之间。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="726"/>
        <source>The all-reduce segment count %1 is out of range: it must be between 1 and 64.</source>
        <translation>all-reduce 分段数 %1 超出范围：必须介于 1 到 64 之间。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="729"/>
        <source>The input rate %1 samples/s is not valid: it must be 0 (fast enough) or a positive number.</source>
        <translation>输入速率 %1 samples/s 无效：必须为 0（足够快）或正数。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="733"/>
        <source>The scenario &quot;%1&quot; is unknown. Known scenarios: %2.</source>
        <translation>未知的场景 &quot;%1&quot;。已知场景：%2。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="813"/>
        <source>The record store refused a batch of iteration %1.</source>
        <translation>记录存储拒绝了迭代 %1 的一批记录。</translation>
    </message>
</context>
<context>
    <name>MemoryTrace</name>
    <message>
        <location filename="../core/model/memory_trace.cpp" line="21"/>
        <source>The string id %1 was declared out of order (expected %2).</source>
        <translation>字符串 ID %1 的声明顺序错误（应为 %2）。</translation>
    </message>
</context>
<context>
    <name>ProfExporter</name>
    <message>
        <location filename="../core/exporting/out_file.cpp" line="93"/>
        <source>Could not create the file %1: %2.</source>
        <translation>无法创建文件 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/exporting/out_file.cpp" line="128"/>
        <source>The file %1 was not open for writing.</source>
        <translation>文件 %1 未以写入方式打开。</translation>
    </message>
    <message>
        <location filename="../core/exporting/out_file.cpp" line="144"/>
        <source>Could not write the file %1: %2.</source>
        <translation>无法写入文件 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="165"/>
        <location filename="../core/exporting/prof_exporter.cpp" line="383"/>
        <location filename="../core/exporting/prof_exporter.cpp" line="422"/>
        <source>The export was cancelled.</source>
        <translation>导出已取消。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="262"/>
        <source>Unknown export kind &quot;%1&quot;; the kinds are: %2.</source>
        <translation>未知的导出类型 &quot;%1&quot;；可用类型为：%2。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="265"/>
        <source>The iteration range %1-%2 is empty: the first iteration is after the last.</source>
        <translation>迭代范围 %1-%2 为空：起始迭代在结束迭代之后。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="270"/>
        <source>The session has no device %1.</source>
        <translation>该会话中没有设备 %1。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="282"/>
        <source>Nothing to export: no recorded iteration matches the chosen devices, model and iteration range.</source>
        <translation>没有可导出的内容：没有任何已记录的迭代与所选的设备、模型和迭代范围匹配。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="341"/>
        <source>No output folder was given for the export.</source>
        <translation>未指定导出的输出文件夹。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="344"/>
        <source>Could not create the output folder %1.</source>
        <translation>无法创建输出文件夹 %1。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="348"/>
        <source>The folder %1 already exists; choose another output folder or counter.</source>
        <translation>文件夹 %1 已存在；请选择其他输出文件夹或 PROF 编号。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="355"/>
        <source>Could not create the folder %1: %2.</source>
        <translation>无法创建文件夹 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="367"/>
        <source>Could not create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <location filename="../core/exporting/prof_exporter.cpp" line="388"/>
        <source>Could not rename %1 to %2: %3.</source>
        <translation>无法将 %1 重命名为 %2：%3。</translation>
    </message>
</context>
<context>
    <name>ProfilingOptions</name>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="260"/>
        <source>newline (\n)</source>
        <translation>换行符（\n）</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="261"/>
        <source>form feed (\f)</source>
        <translation>换页符（\f）</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="262"/>
        <source>carriage return (\r)</source>
        <translation>回车符（\r）</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="263"/>
        <source>backspace (\b)</source>
        <translation>退格符（\b）</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="264"/>
        <source>tab (\t)</source>
        <translation>制表符（\t）</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="265"/>
        <source>vertical tab (\v)</source>
        <translation>垂直制表符（\v）</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="266"/>
        <source>DEL (0x7F)</source>
        <translation>删除符 DEL（0x7F）</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="281"/>
        <source>unknown key &quot;%1&quot;</source>
        <translation>未知的键 &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="285"/>
        <source>key &quot;%1&quot; is given more than once</source>
        <translation>键 &quot;%1&quot; 被重复指定</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="291"/>
        <source>%1 must be a string (in double quotes), got %2</source>
        <translation>%1 必须是字符串（用双引号括起），实际为 %2</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="304"/>
        <source>%1 cannot be used together with instr_profiling_freq: instruction sampling excludes task, trace and metric collection</source>
        <translation>%1 不能与 instr_profiling_freq 同时使用：指令采样与任务、轨迹及指标采集互斥</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="321"/>
        <source>%1 must be &quot;on&quot; or &quot;off&quot;, got &quot;%2&quot;</source>
        <translation>%1 必须是 &quot;on&quot; 或 &quot;off&quot;，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="330"/>
        <source>task_time must be &quot;on&quot;, &quot;off&quot;, &quot;l0&quot; or &quot;l1&quot;, got &quot;%1&quot;</source>
        <translation>task_time 必须是 &quot;on&quot;、&quot;off&quot;、&quot;l0&quot; 或 &quot;l1&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="341"/>
        <source>%1 must be one of ArithmeticUtilization, PipeUtilization, Memory, MemoryL0, MemoryUB, ResourceConflictRatio, got &quot;%2&quot;</source>
        <translation>%1 必须是 ArithmeticUtilization、PipeUtilization、Memory、MemoryL0、MemoryUB、ResourceConflictRatio 之一，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="348"/>
        <source>llc_profiling must be &quot;read&quot; or &quot;write&quot;, got &quot;%1&quot;</source>
        <translation>llc_profiling 必须是 &quot;read&quot; 或 &quot;write&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="359"/>
        <source>Result path is empty: output must name a directory.</source>
        <translation>结果路径为空：output 必须指定一个目录。</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="365"/>
        <source>output is %1 characters long; a result path may have at most 1024 characters</source>
        <translation>output 长度为 %1 个字符；结果路径最多只能有 1024 个字符</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="377"/>
        <source>output contains characters a result path must not contain: %1</source>
        <translation>output 包含结果路径中不允许出现的字符：%1</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="390"/>
        <source>storage_limit must end in &quot;MB&quot; (for example &quot;1024MB&quot;), got &quot;%1&quot;</source>
        <translation>storage_limit 必须以 &quot;MB&quot; 结尾（例如 &quot;1024MB&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="395"/>
        <source>storage_limit must give a number of megabytes before &quot;MB&quot; (for example &quot;1024MB&quot;), got &quot;%1&quot;</source>
        <translation>storage_limit 必须在 &quot;MB&quot; 之前给出兆字节数（例如 &quot;1024MB&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="401"/>
        <source>storage_limit must be only digits followed by &quot;MB&quot; (for example &quot;1024MB&quot;), got &quot;%1&quot;</source>
        <translation>storage_limit 只能由数字后接 &quot;MB&quot; 组成（例如 &quot;1024MB&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="407"/>
        <source>storage_limit has more than 10 digits, got &quot;%1&quot;; max value is 4294967295MB</source>
        <translation>storage_limit 的位数超过 10 位，实际为 &quot;%1&quot;；最大值为 4294967295MB</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="412"/>
        <source>storage_limit &quot;%1&quot; is too small: min value is 200MB</source>
        <translation>storage_limit &quot;%1&quot; 过小：最小值为 200MB</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="416"/>
        <source>storage_limit &quot;%1&quot; is too large: max value is 4294967295MB</source>
        <translation>storage_limit &quot;%1&quot; 过大：最大值为 4294967295MB</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="428"/>
        <source>%1 must be a comma-separated list of &quot;cpu&quot; and &quot;mem&quot;, got &quot;%2&quot;</source>
        <translation>%1 必须是由 &quot;cpu&quot; 和 &quot;mem&quot; 组成的逗号分隔列表，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="432"/>
        <source>%1 lists &quot;%2&quot; more than once, got &quot;%3&quot;</source>
        <translation>%1 中 &quot;%2&quot; 出现了多次，实际为 &quot;%3&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="453"/>
        <source>%1 must be a whole number from %2 to %3, got &quot;%4&quot;</source>
        <translation>%1 必须是 %2 到 %3 之间的整数，实际为 &quot;%4&quot;</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="521"/>
        <source>profiling_options is empty; it must be a JSON object such as {&quot;output&quot;:&quot;/tmp/profiling&quot;}</source>
        <translation>profiling_options 为空；它必须是 JSON 对象，例如 {&quot;output&quot;:&quot;/tmp/profiling&quot;}</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="530"/>
        <source>profiling_options must be a JSON object such as {&quot;output&quot;:&quot;/tmp/profiling&quot;}</source>
        <translation>profiling_options 必须是 JSON 对象，例如 {&quot;output&quot;:&quot;/tmp/profiling&quot;}</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="534"/>
        <source>profiling_options is not valid JSON: %1 at offset %2</source>
        <translation>profiling_options 不是有效的 JSON：%1（偏移量 %2）</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="592"/>
        <source>HBM/DDR bandwidth counters</source>
        <translation>HBM/DDR 带宽计数器</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="593"/>
        <source>NIC/RoCE counters</source>
        <translation>NIC/RoCE 计数器</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="594"/>
        <source>PCIe/HCCS counters</source>
        <translation>PCIe/HCCS 计数器</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="595"/>
        <source>DVPP counters</source>
        <translation>DVPP 计数器</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="596"/>
        <source>host CPU and memory usage</source>
        <translation>Host 侧 CPU 和内存占用</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="597"/>
        <source>host system usage</source>
        <translation>Host 侧系统占用</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="598"/>
        <source>host usage sampling</source>
        <translation>Host 侧占用采样</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="599"/>
        <source>LLC counters</source>
        <translation>LLC 计数器</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="600"/>
        <source>instruction sampling</source>
        <translation>指令采样</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="601"/>
        <source>power data</source>
        <translation>功耗数据</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="602"/>
        <source>vector-core metrics</source>
        <translation>Vector Core 指标</translation>
    </message>
    <message>
        <location filename="../core/options/profiling_options.cpp" line="604"/>
        <source>The option %1 (&quot;%2&quot;) was accepted, but the emulator produces no data for it (%3).</source>
        <translation>选项 %1（&quot;%2&quot;）已被接受，但仿真器不会为其生成数据（%3）。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="322"/>
        <source>Line %1: a string literal is not terminated, so the script cannot be read past it.</source>
        <translation>第 %1 行：字符串字面量未结束，因此无法继续读取其后的脚本内容。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="331"/>
        <source>No profiling_options found in the script. Expected ProfilingConfig(enable_profiling=True, profiling_options=...), custom_op.parameter_map[&quot;profiling_options&quot;].s = tf.compat.as_bytes(...), or the PROFILING_OPTIONS environment variable.</source>
        <translation>脚本中未找到 profiling_options。应使用 ProfilingConfig(enable_profiling=True, profiling_options=...)、custom_op.parameter_map[&quot;profiling_options&quot;].s = tf.compat.as_bytes(...) 或 PROFILING_OPTIONS 环境变量。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="464"/>
        <source>Line %1: ProfilingConfig does not set enable_profiling=True, so profiling stays off.</source>
        <translation>第 %1 行：ProfilingConfig 未设置 enable_profiling=True，因此 Profiling 保持关闭。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="493"/>
        <source>Line %1: no value is given for the options.</source>
        <translation>第 %1 行：未给出选项的值。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="499"/>
        <source>Line %1: the options string is not terminated.</source>
        <translation>第 %1 行：选项字符串未结束。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="519"/>
        <source>Line %1: the options are an f-string, which is only known when the script runs; use a plain string literal.</source>
        <translation>第 %1 行：选项是 f-string，其值只有在脚本运行时才能确定；请使用普通字符串字面量。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="534"/>
        <source>Line %1: the options come from the variable %2, which is never assigned a string in the script.</source>
        <translation>第 %1 行：选项来自变量 %2，但脚本中从未给该变量赋值字符串。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="558"/>
        <source>Line %1: the options are built by a function call (%2(...)), which is only known when the script runs; use a string literal.</source>
        <translation>第 %1 行：选项由函数调用（%2(...)）生成，其值只有在脚本运行时才能确定；请使用字符串字面量。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="565"/>
        <source>Line %1: the options are not a string literal or a variable holding one.</source>
        <translation>第 %1 行：选项既不是字符串字面量，也不是保存字符串字面量的变量。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="588"/>
        <source>Line %1: ProfilingConfig(...) has no profiling_options argument.</source>
        <translation>第 %1 行：ProfilingConfig(...) 没有 profiling_options 参数。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="607"/>
        <source>Line %1: parameter_map[&quot;profiling_mode&quot;] is False, so profiling stays off.</source>
        <translation>第 %1 行：parameter_map[&quot;profiling_mode&quot;] 为 False，因此 Profiling 保持关闭。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="632"/>
        <source>Line %1: PROFILING_OPTIONS is set, but PROFILING_MODE is not set to &quot;true&quot; anywhere in the script, so profiling stays off.</source>
        <translation>第 %1 行：已设置 PROFILING_OPTIONS，但脚本中没有任何地方将 PROFILING_MODE 设置为 &quot;true&quot;，因此 Profiling 保持关闭。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="656"/>
        <source>Line %1: PROFILING_MODE is &quot;%2&quot;, not exactly &quot;true&quot;, so profiling stays off.</source>
        <translation>第 %1 行：PROFILING_MODE 为 &quot;%2&quot;，并非严格等于 &quot;true&quot;，因此 Profiling 保持关闭。</translation>
    </message>
    <message>
        <location filename="../core/options/training_script.cpp" line="662"/>
        <source>Line %1: PROFILING_MODE is not a string literal, so NPU Scope cannot tell whether it is &quot;true&quot;; profiling is treated as off.</source>
        <translation>第 %1 行：PROFILING_MODE 不是字符串字面量，NPU Scope 无法判断其是否为 &quot;true&quot;；按 Profiling 关闭处理。</translation>
    </message>
</context>
<context>
    <name>ProjectQuery</name>
    <message>
        <location filename="../core/store/project_query.cpp" line="153"/>
        <source>The project %1 holds no sessions.</source>
        <translation>工程 %1 中没有会话。</translation>
    </message>
    <message>
        <location filename="../core/store/project_query.cpp" line="158"/>
        <source>Session %1 records: %2</source>
        <translation>会话 %1 的记录：%2</translation>
    </message>
    <message>
        <location filename="../core/store/project_query.cpp" line="160"/>
        <source> (%1 bytes removed by the storage limit)</source>
        <translation> (因存储上限已删除 %1 字节)</translation>
    </message>
</context>
<context>
    <name>ProjectStore</name>
    <message>
        <location filename="../core/store/schema.cpp" line="281"/>
        <source>schema step %1 → %2: %3</source>
        <translation>schema 升级步骤 %1 → %2：%3</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="74"/>
        <source>The lock file %1 of the project could not be created: %2.</source>
        <translation>无法创建工程的锁文件 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="85"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="87"/>
        <source>The project %1 is already being recorded by another NPU Scope process (pid %2). Wait until that recording ends, or record into another project.</source>
        <translation>另一个 NPU Scope 进程（pid %2）正在向工程 %1 记录数据。请等待该记录结束，或记录到其他工程。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="92"/>
        <source>The lock file %1 of the project could not be locked: %2.</source>
        <translation>无法锁定工程的锁文件 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="390"/>
        <source>The project %1 has no session %2.</source>
        <translation>工程 %1 中没有会话 %2。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1167"/>
        <location filename="../core/store/sqlite_db.cpp" line="175"/>
        <source>The folder %1 for the project could not be created.</source>
        <translation>无法创建工程所在的文件夹 %1。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1207"/>
        <source>The recording into %1 was started twice.</source>
        <translation>向 %1 的记录被启动了两次。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1261"/>
        <source>Records were written to %1 outside of a recording.</source>
        <translation>在记录过程之外向 %1 写入了记录。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1281"/>
        <source>The recording into %1 was ended before it began.</source>
        <translation>向 %1 的记录在开始之前就被结束了。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1283"/>
        <source>The recording into %1 was ended twice.</source>
        <translation>向 %1 的记录被结束了两次。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="141"/>
        <source>The disk is full: the project %1 could not be written. Everything saved before this point is kept; free some space and try again.</source>
        <translation>磁盘已满：无法写入工程 %1。此前已保存的内容均会保留；请释放部分空间后重试。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="144"/>
        <source>A disk error occurred while accessing the project %1 (%2).</source>
        <translation>访问工程 %1 时发生磁盘错误（%2）。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="146"/>
        <source>The project %1 cannot be written: the file or its folder is read-only.</source>
        <translation>无法写入工程 %1：文件或其所在文件夹为只读。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="149"/>
        <source>Permission denied while accessing the project %1.</source>
        <translation>访问工程 %1 时权限被拒绝。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="151"/>
        <source>The project %1 cannot be opened (%2).</source>
        <translation>无法打开工程 %1（%2）。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="154"/>
        <location filename="../core/store/sqlite_db.cpp" line="261"/>
        <source>The project %1 is damaged (%2).</source>
        <translation>工程 %1 已损坏（%2）。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="157"/>
        <source>The project %1 is locked by another program (%2).</source>
        <translation>工程 %1 已被其他程序锁定（%2）。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="159"/>
        <source>The project %1 could not be accessed: %2.</source>
        <translation>无法访问工程 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="172"/>
        <source>The project %1 does not exist.</source>
        <translation>工程 %1 不存在。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="204"/>
        <source>%1 is a folder, not an NPU Scope project.</source>
        <translation>%1 是文件夹，而不是 NPU Scope 工程。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="212"/>
        <source>The project %1 cannot be read: %2.</source>
        <translation>无法读取工程 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="217"/>
        <source>%1 is not an NPU Scope project (not a SQLite database).</source>
        <translation>%1 不是 NPU Scope 工程（不是 SQLite 数据库）。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="236"/>
        <source>%1 is a SQLite database but not an NPU Scope project.</source>
        <translation>%1 是 SQLite 数据库，但不是 NPU Scope 工程。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="243"/>
        <source>The project %1 was written by a newer NPU Scope (schema %2); this version reads up to %3.</source>
        <translation>工程 %1 由更高版本的 NPU Scope 写入（schema %2）；当前版本最高只能读取 schema %3。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="249"/>
        <source>The project %1 is damaged: it has no schema version.</source>
        <translation>工程 %1 已损坏：缺少 schema 版本。</translation>
    </message>
    <message>
        <location filename="../core/store/sqlite_db.cpp" line="272"/>
        <source>The project %1 was written by an older NPU Scope (schema %2) and must be upgraded; open it once with write access.</source>
        <translation>工程 %1 由旧版本的 NPU Scope 写入（schema %2），需要升级；请以可写方式打开一次。</translation>
    </message>
</context>
<context>
    <name>SessionSpec</name>
    <message>
        <location filename="../core/model/session.cpp" line="81"/>
        <source>The session settings are not valid JSON: %1</source>
        <translation>会话设置不是有效的 JSON：%1</translation>
    </message>
    <message>
        <location filename="../core/model/session.cpp" line="95"/>
        <source>The session settings name an unknown launch mode or precision.</source>
        <translation>会话设置中指定了未知的启动模式或精度。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="46"/>
        <source>NPU Scope</source>
        <translation>NPU Scope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="48"/>
        <source>Project</source>
        <translation>工程</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="48"/>
        <location filename="../ui/main_window.cpp" line="193"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="48"/>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="48"/>
        <location filename="../ui/main_window.cpp" line="203"/>
        <source>Records</source>
        <translation>记录数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="57"/>
        <source>&lt;h3&gt;NPU Scope&lt;/h3&gt;&lt;p&gt;Open a project (&lt;b&gt;File → Open Project…&lt;/b&gt;) or record a new emulated session (&lt;b&gt;File → New Session…&lt;/b&gt;).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;NPU Scope&lt;/h3&gt;&lt;p&gt;打开一个工程（&lt;b&gt;文件 → 打开工程…&lt;/b&gt;），或记录一个新的仿真会话（&lt;b&gt;文件 → 新建会话…&lt;/b&gt;）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="68"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="72"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="95"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="96"/>
        <source>&amp;New Session…</source>
        <translation>新建会话(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="98"/>
        <source>&amp;Open Project…</source>
        <translation>打开工程(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="100"/>
        <source>&amp;Export Session…</source>
        <translation>导出会话(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="101"/>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="103"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="105"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="106"/>
        <source>&amp;About NPU Scope</source>
        <translation>关于 NPU Scope(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="108"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="121"/>
        <source>Cannot Open Project</source>
        <translation>无法打开工程</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="125"/>
        <source>%1 - NPU Scope</source>
        <translation>%1 - NPU Scope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="145"/>
        <source>Session %1: %2</source>
        <translation>会话 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="150"/>
        <source>Device %1 (rank %2)</source>
        <translation>设备 %1（rank %2）</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="153"/>
        <source>Model %1: %2</source>
        <translation>模型 %1：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="154"/>
        <source>%n iteration(s)</source>
        <translation>
            <numerusform>%n 次迭代</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="187"/>
        <source>&lt;h3&gt;Session %1&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;会话 %1&lt;/h3&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="192"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="194"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="195"/>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="196"/>
        <source>Iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="197"/>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="198"/>
        <source>Launch mode</source>
        <translation>启动模式</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="199"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="200"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="201"/>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="202"/>
        <source>Tasks</source>
        <translation>任务数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="204"/>
        <source>profiling_options</source>
        <translation>profiling_options</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="213"/>
        <source>Open Project</source>
        <translation>打开工程</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="214"/>
        <source>NPU Scope projects (*.npuscope);;All files (*)</source>
        <translation>NPU Scope 工程 (*.npuscope);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="222"/>
        <source>Busy</source>
        <translation>正忙</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="222"/>
        <source>Wait for the current work to finish or cancel it first.</source>
        <translation>请等待当前操作完成，或先将其取消。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="233"/>
        <source>Invalid Session</source>
        <translation>无效的会话</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="252"/>
        <source>Iteration %1 of %2, %3 records</source>
        <translation>迭代 %1/%2，%3 条记录</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="268"/>
        <source>Recording %1…</source>
        <translation>正在记录 %1…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="275"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="275"/>
        <source>Select a session in the project explorer first.</source>
        <translation>请先在工程浏览器中选择一个会话。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="280"/>
        <source>Export PROF Directory Into</source>
        <translation>将 PROF 目录导出到</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="311"/>
        <source>Exported %n file(s) to &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</source>
        <translation>
            <numerusform>已导出 %n 个文件到 &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="323"/>
        <source>Exporting session %1…</source>
        <translation>正在导出会话 %1…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="345"/>
        <location filename="../ui/main_window.cpp" line="346"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="348"/>
        <source>Cancelled; what was recorded is kept.</source>
        <translation>已取消；已记录的数据会保留。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="350"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="362"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="367"/>
        <source>About NPU Scope</source>
        <translation>关于 NPU Scope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="368"/>
        <source>&lt;h3&gt;NPU Scope %1&lt;/h3&gt;&lt;p&gt;A profiler for AI training on Ascend NPUs, with an Ascend 910 emulator, msprof-compatible exports and a SQLite project file.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;NPU Scope %1&lt;/h3&gt;&lt;p&gt;面向昇腾 NPU 的 AI 训练性能分析工具，内置 Ascend 910 仿真器，可导出 msprof 兼容格式的数据，并使用 SQLite 工程文件。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::NewSessionDialog</name>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="25"/>
        <source>New Session</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="27"/>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="42"/>
        <source>Estimator (iterations sink to the device)</source>
        <translation>Estimator（迭代下沉到设备）</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="43"/>
        <source>sess.run (host round trip per step)</source>
        <translation>sess.run（每步与 Host 往返一次）</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="45"/>
        <source>Mixed precision</source>
        <translation>混合精度</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="46"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="50"/>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="51"/>
        <source>&amp;Batch size:</source>
        <translation>批大小(&amp;B)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="52"/>
        <source>&amp;Iterations:</source>
        <translation>迭代次数(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="53"/>
        <source>&amp;Devices:</source>
        <translation>设备数(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="54"/>
        <source>&amp;Launch mode:</source>
        <translation>启动模式(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="55"/>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="56"/>
        <source>&amp;Seed:</source>
        <translation>随机种子(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="58"/>
        <source>profiling_options</source>
        <translation>profiling_options</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="76"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="77"/>
        <source>Choose the project file</source>
        <translation>选择工程文件</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="79"/>
        <source>Project File</source>
        <translation>工程文件</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="80"/>
        <source>NPU Scope projects (*.npuscope)</source>
        <translation>NPU Scope 工程 (*.npuscope)</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="85"/>
        <source>Record into:</source>
        <translation>记录到：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="90"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="147"/>
        <source>Choose a project file to record into.</source>
        <translation>请选择要记录到的工程文件。</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="152"/>
        <source>The options are valid.</source>
        <translation>选项有效。</translation>
    </message>
</context>
</TS>
