<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="304"/>
        <source>No folder to import was given.</source>
        <translation>未指定要导入的文件夹。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="306"/>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="308"/>
        <source>%1 is not a folder; give a PROF_* folder, one of its device_* folders or a folder holding PROF_* folders.</source>
        <translation>%1 不是文件夹；请指定 PROF_* 文件夹、其下的某个 device_* 文件夹，或包含 PROF_* 文件夹的文件夹。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="310"/>
        <source>The folder %1 cannot be read (permission denied).</source>
        <translation>无法读取文件夹 %1（权限被拒绝）。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="336"/>
        <source>No profiling data was found in %1: expected PROF_* folders with device_&lt;id&gt;/timeline, device_&lt;id&gt;/summary or mindstudio_profiler_output inside.</source>
        <translation>在 %1 中未找到 Profiling 数据：其中应包含带有 device_&lt;id&gt;/timeline、device_&lt;id&gt;/summary 或 mindstudio_profiler_output 的 PROF_* 文件夹。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="360"/>
        <source>The file name does not follow &lt;name&gt;_&lt;YYYYMMDDhhmmss&gt;.&lt;json|csv&gt;; the file was not read.</source>
        <translation>文件名不符合 &lt;name&gt;_&lt;YYYYMMDDhhmmss&gt;.&lt;json|csv&gt; 格式；未读取该文件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="371"/>
        <source>This version does not read &quot;%1&quot; files of the newer layout; the file was not read.</source>
        <translation>当前版本不支持读取新版目录结构中的 &quot;%1&quot; 文件；未读取该文件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="400"/>
        <source>Device %1 was already imported from %2; this copy was not read.</source>
        <translation>设备 %1 已从 %2 导入；未读取此副本。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="428"/>
        <source>The file name does not follow &lt;name&gt;_&lt;device&gt;_&lt;model&gt;_&lt;iteration&gt;.&lt;json|csv&gt;; the file was not read.</source>
        <translation>文件名不符合 &lt;name&gt;_&lt;device&gt;_&lt;model&gt;_&lt;iteration&gt;.&lt;json|csv&gt; 格式；未读取该文件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="441"/>
        <source>Unknown file kind &quot;%1&quot;; the file was not read.</source>
        <translation>未知的文件类型 &quot;%1&quot;；未读取该文件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="445"/>
        <source>The file names device %1 but lies in the folder of device %2; it was read as device %2.</source>
        <translation>文件名指明的是设备 %1，但文件位于设备 %2 的文件夹中；已按设备 %2 读取。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="449"/>
        <source>Iteration 0 is not valid (iterations count from 1); the file was not read.</source>
        <translation>迭代 0 无效（迭代从 1 开始计数）；未读取该文件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="456"/>
        <source>The device folder holds no timeline or summary files.</source>
        <translation>该设备文件夹中没有 timeline 或 summary 文件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="466"/>
        <source>The file is missing; defaults were used.</source>
        <translation>文件缺失；已使用默认值。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="470"/>
        <source>The file cannot be read: %1.</source>
        <translation>无法读取该文件：%1。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="478"/>
        <source>The file is not a JSON object (%1); defaults were used.</source>
        <translation>该文件不是 JSON 对象（%1）；已使用默认值。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="577"/>
        <source>Import of %1</source>
        <translation>导入自 %1</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="615"/>
        <source>No op_summary files: op types, tensor shapes and PMU metrics are unknown; block dims were derived from the AI Core times.</source>
        <translation>没有 op_summary 文件：算子类型、张量形状和 PMU 指标未知；Block Dim 已根据 AI Core 耗时推算。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="617"/>
        <source>No task_time summary files: launch (pending) times are unknown and read as 0.</source>
        <translation>没有 task_time summary 文件：下发（pending）时间未知，按 0 读取。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="619"/>
        <source>No aicpu files: AI CPU op details are not available.</source>
        <translation>没有 aicpu 文件：无法获取 AI CPU 算子详情。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="663"/>
        <source>The project could not store the imported records.</source>
        <translation>工程无法保存导入的记录。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="729"/>
        <location filename="../core/importing/prof_importer.cpp" line="794"/>
        <location filename="../core/importing/prof_importer.cpp" line="830"/>
        <location filename="../core/importing/prof_importer.cpp" line="863"/>
        <location filename="../core/importing/prof_importer.cpp" line="918"/>
        <location filename="../core/importing/prof_importer.cpp" line="967"/>
        <location filename="../core/importing/prof_importer.cpp" line="1002"/>
        <location filename="../core/importing/prof_importer.cpp" line="1049"/>
        <location filename="../core/importing/prof_importer.cpp" line="1066"/>
        <source>The file is empty.</source>
        <translation>文件为空。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="741"/>
        <source>The header lacks Stream ID, Task ID or Task Start Time; the file was not read.</source>
        <translation>表头缺少 Stream ID、Task ID 或 Task Start Time；未读取该文件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="757"/>
        <source>A row has the wrong number of cells or a non-numeric stream, task id or start time; the row was skipped.</source>
        <translation>某行的单元格数量不对，或流、Task ID、开始时间不是数字；已跳过该行。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="807"/>
        <source>A row has the wrong number of cells or non-numeric Count, Pending, Task ID or Stream ID; the row was skipped.</source>
        <translation>某行的单元格数量不对，或 Count、Pending、Task ID、Stream ID 不是数字；已跳过该行。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="843"/>
        <source>A row has the wrong number of cells or non-numeric ids or hit rate; the row was skipped.</source>
        <translation>某行的单元格数量不对，或 ID、命中率不是数字；已跳过该行。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="877"/>
        <source>A row has the wrong number of cells, a non-numeric tid or start/end time, or ends before it starts; the row was skipped.</source>
        <translation>某行的单元格数量不对，或 tid、开始/结束时间不是数字，或结束时间早于开始时间；已跳过该行。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="940"/>
        <source>A row has the wrong number of cells or a non-numeric time or id; the row was skipped.</source>
        <translation>某行的单元格数量不对，或时间、ID 不是数字；已跳过该行。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="980"/>
        <source>A row has the wrong number of cells or a non-numeric timestamp or buffer size; the row was skipped.</source>
        <translation>某行的单元格数量不对，或时间戳、缓冲区大小不是数字；已跳过该行。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1018"/>
        <source>A row has the wrong number of cells or a non-numeric model id or memory size; the row was skipped.</source>
        <translation>某行的单元格数量不对，或模型 ID、内存大小不是数字；已跳过该行。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1080"/>
        <source>A row has the wrong number of cells or a non-numeric iteration or time; the row was skipped.</source>
        <translation>某行的单元格数量不对，或迭代、时间不是数字；已跳过该行。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1208"/>
        <source>The JSON is broken here (%1); the events before this point were imported, the rest of the file was skipped.</source>
        <translation>JSON 在此处损坏（%1）；此前的事件已导入，文件的其余部分已跳过。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1213"/>
        <location filename="../core/importing/prof_importer.cpp" line="1627"/>
        <source>The import was cancelled.</source>
        <translation>导入已取消。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1219"/>
        <source> The event was skipped.</source>
        <translation> 已跳过该事件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1223"/>
        <source>Unknown event field &quot;%1&quot; was ignored.</source>
        <translation>已忽略未知的事件字段 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1231"/>
        <source>Unknown lane (process) &quot;%1&quot;; its events were skipped.</source>
        <translation>未知的泳道（进程）&quot;%1&quot;；已跳过其事件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1242"/>
        <source>The event has no pid; it was skipped.</source>
        <translation>该事件没有 pid；已跳过。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1253"/>
        <source>The event belongs to no known lane (pid %1); it was skipped.</source>
        <translation>该事件不属于任何已知泳道（pid %1）；已跳过。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1261"/>
        <source>Unsupported event phase &quot;%1&quot; on this lane; the event was skipped.</source>
        <translation>此泳道不支持事件阶段（ph）&quot;%1&quot;；已跳过该事件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1265"/>
        <source>A complete (X) event needs ts and a non-negative dur; the event was skipped.</source>
        <translation>完整（X）事件需要 ts 和非负的 dur；已跳过该事件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1273"/>
        <source>Unknown task type &quot;%1&quot;; the event was skipped.</source>
        <translation>未知的任务类型 &quot;%1&quot;；已跳过该事件。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1458"/>
        <source>Unknown step trace event &quot;%1&quot;; it was skipped.</source>
        <translation>未知的 step trace 事件 &quot;%1&quot;；已跳过。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1470"/>
        <location filename="../core/importing/prof_importer.cpp" line="1505"/>
        <source>Step trace event &quot;%1&quot; disagrees with the same event of another file; the first one was kept.</source>
        <translation>Step trace 事件 &quot;%1&quot; 与另一文件中的同一事件不一致；已保留先读取的那个。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1535"/>
        <source>No timeline event matches this row (same stream, task id and start); the row was skipped.</source>
        <translation>时间线中没有与此行匹配的事件（流、Task ID 和开始时间均相同）；已跳过该行。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1545"/>
        <source>No timeline event matches this row (same stream, task id and name); its pending time was skipped.</source>
        <translation>时间线中没有与此行匹配的事件（流、Task ID 和名称均相同）；已跳过其 pending 时间。</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/importing/prof_importer.cpp" line="1553"/>
        <source>%n row(s) match no AI Core task of the timeline and were skipped.</source>
        <translation>
            <numerusform>有 %n 行与时间线中的任何 AI Core 任务都不匹配，已跳过。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1664"/>
        <source>Iteration %1 of model %2 has no msprof or task_time timeline: its tasks are missing.</source>
        <translation>模型 %2 的迭代 %1 没有 msprof 或 task_time 时间线：其任务缺失。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1762"/>
        <source>Nothing could be imported from %1: every file was unreadable or empty.</source>
        <translation>无法从 %1 导入任何内容：所有文件均无法读取或为空。</translation>
    </message>
    <message>
        <location filename="../core/importing/prof_importer.cpp" line="1765"/>
        <source>The import report could not be stored in the project.</source>
        <translation>无法将导入报告保存到工程中。</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <location filename="../app/cli.cpp" line="133"/>
        <source>The profiling options have 1 problem:</source>
        <translation>Profiling 选项有 1 个问题：</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="134"/>
        <source>The profiling options have %1 problems:</source>
        <translation>Profiling 选项有 %1 个问题：</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="143"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="157"/>
        <source>Give the profiling options only once: --profiling-options, --options-file or --script.</source>
        <translation>Profiling 选项只能指定一次：--profiling-options、--options-file 和 --script 三者只能选其一。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="162"/>
        <source>No profiling options given: use --profiling-options &apos;&lt;json&gt;&apos;, --options-file FILE or --script train.py.</source>
        <translation>未指定 Profiling 选项：请使用 --profiling-options &apos;&lt;json&gt;&apos;、--options-file FILE 或 --script train.py。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="190"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="193"/>
        <source>Profiling options read from %1, line %2.</source>
        <translation>Profiling 选项读取自 %1 第 %2 行。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="195"/>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="221"/>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="223"/>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="225"/>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="226"/>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="242"/>
        <source>%1 holds no recorded session to export.</source>
        <translation>%1 中没有可导出的已记录会话。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="260"/>
        <source>Exporting: file %1 of %2, %3 written</source>
        <translation>正在导出：第 %1/%2 个文件，已写入 %3</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="275"/>
        <source>Exported session %1 to %2 (%3 files, %4).</source>
        <translation>已将会话 %1 导出到 %2（%3 个文件，%4）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="287"/>
        <location filename="../app/cli.cpp" line="665"/>
        <source>The profiling_options JSON string.</source>
        <translation>profiling_options JSON 字符串。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="287"/>
        <source>json</source>
        <translation>json</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="288"/>
        <source>Read the profiling_options JSON from a file.</source>
        <translation>从文件读取 profiling_options JSON。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="288"/>
        <location filename="../app/cli.cpp" line="416"/>
        <location filename="../app/cli.cpp" line="482"/>
        <location filename="../app/cli.cpp" line="547"/>
        <location filename="../app/cli.cpp" line="631"/>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="289"/>
        <source>Read profiling_options from a TensorFlow training script.</source>
        <translation>从 TensorFlow 训练脚本中读取 profiling_options。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="289"/>
        <source>train.py</source>
        <translation>train.py</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="298"/>
        <source>Run &apos;%1 --help&apos; for usage.</source>
        <translation>运行 &apos;%1 --help&apos; 查看用法。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="331"/>
        <location filename="../app/cli.cpp" line="685"/>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="342"/>
        <source>Iteration %1 of %2, %3 records, %4 records/s</source>
        <translation>迭代 %1/%2，%3 条记录，%4 条记录/秒</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="360"/>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="362"/>
        <source>What was recorded before the failure is kept in %1 (session %2, marked failed).</source>
        <translation>失败前已记录的数据保存在 %1 中（会话 %2，已标记为失败）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="367"/>
        <source>Cancelled. Session %1 keeps the %2 records recorded so far and is marked cancelled in %3.</source>
        <translation>已取消。会话 %1 保留了目前已记录的 %2 条记录，并在 %3 中标记为已取消。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="375"/>
        <source>Recorded session %1 (%2, batch %3, %4 iterations, %5 devices, %6) into %7: %8 records in %9 s.</source>
        <translation>已将会话 %1（%2，批大小 %3，%4 次迭代，%5 个设备，%6）记录到 %7：共 %8 条记录，用时 %9 秒。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="386"/>
        <source>The storage limit aged %1 MB (%2 bytes) of the oldest records; step traces, fusion-op info, metadata and the newest iteration were kept.</source>
        <translation>存储上限已老化删除最早的 %1 MB（%2 字节）记录；step trace、融合算子信息、元数据和最新一次迭代均已保留。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="401"/>
        <source>Emulate a profiled training session on Ascend 910 devices and record it into a project.</source>
        <translation>在 Ascend 910 设备上仿真一次开启 Profiling 的训练会话，并将其记录到工程中。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="402"/>
        <source>Model: %1, or the path of a JSON model file (format: docs/emulator.md).</source>
        <translation>模型：%1，或 JSON 模型文件的路径（格式见 docs/emulator.md）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="404"/>
        <source>name|file.json</source>
        <translation>名称|file.json</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="405"/>
        <source>Batch size per device.</source>
        <translation>每个设备的批大小（batch size）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="405"/>
        <location filename="../app/cli.cpp" line="406"/>
        <location filename="../app/cli.cpp" line="407"/>
        <location filename="../app/cli.cpp" line="408"/>
        <location filename="../app/cli.cpp" line="411"/>
        <location filename="../app/cli.cpp" line="412"/>
        <location filename="../app/cli.cpp" line="413"/>
        <location filename="../app/cli.cpp" line="485"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="406"/>
        <source>Training iterations.</source>
        <translation>训练迭代次数。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="407"/>
        <source>Devices per server (1-8).</source>
        <translation>每台服务器的设备数（1-8）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="408"/>
        <source>Servers (1-4).</source>
        <translation>服务器数量（1-4）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="409"/>
        <source>Launch mode: estimator or sess.run.</source>
        <translation>启动模式：estimator 或 sess.run。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="409"/>
        <source>mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="410"/>
        <source>Precision: fp32 or mixed.</source>
        <translation>精度：fp32 或 mixed。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="410"/>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="411"/>
        <source>Seed of the modelled jitter (same seed, same records).</source>
        <translation>模拟抖动所用的随机种子（种子相同，记录相同）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="412"/>
        <source>Host input pipeline throughput in samples/s (0 = fast enough).</source>
        <translation>Host 侧输入流水线吞吐量，单位 samples/s（0 = 足够快）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="413"/>
        <source>Gradient all-reduce segments.</source>
        <translation>梯度 all-reduce 分段数。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="414"/>
        <source>Scenario knobs, comma separated.</source>
        <translation>场景开关，以逗号分隔。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="414"/>
        <location filename="../app/cli.cpp" line="490"/>
        <source>names</source>
        <translation>名称列表</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="416"/>
        <source>Project file to record into (created if missing). Default: &lt;output&gt;/npuscope.npuscope.</source>
        <translation>要记录到的工程文件（不存在时自动创建）。默认：&lt;output&gt;/npuscope.npuscope。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="417"/>
        <source>Also export the PROF directory into this folder.</source>
        <translation>同时将 PROF 目录导出到此文件夹。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="417"/>
        <location filename="../app/cli.cpp" line="483"/>
        <location filename="../app/cli.cpp" line="693"/>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="421"/>
        <source>Unexpected argument: %1</source>
        <translation>意外的参数：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="430"/>
        <source>--%1 must be a whole number, got &quot;%2&quot;.</source>
        <translation>--%1 必须是整数，实际为 &quot;%2&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="442"/>
        <source>--mode must be &quot;estimator&quot; or &quot;sess.run&quot;, got &quot;%1&quot;.</source>
        <translation>--mode 必须是 &quot;estimator&quot; 或 &quot;sess.run&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="446"/>
        <source>--precision must be &quot;fp32&quot; or &quot;mixed&quot;, got &quot;%1&quot;.</source>
        <translation>--precision 必须是 &quot;fp32&quot; 或 &quot;mixed&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="452"/>
        <source>--seed must be a whole number, got &quot;%1&quot;.</source>
        <translation>--seed 必须是整数，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="457"/>
        <source>--input-rate must be a number of samples per second, got &quot;%1&quot;.</source>
        <translation>--input-rate 必须是表示每秒样本数的数字，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="481"/>
        <source>Export a recorded session as the PROF directory msprof writes.</source>
        <translation>将已记录的会话导出为与 msprof 输出格式相同的 PROF 目录。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="482"/>
        <location filename="../app/cli.cpp" line="631"/>
        <source>Project file.</source>
        <translation>工程文件。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="483"/>
        <source>Folder to create the PROF_* directory in.</source>
        <translation>用于创建 PROF_* 目录的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="484"/>
        <source>Session id (default: the newest).</source>
        <translation>会话 ID（默认：最新的会话）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="484"/>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="485"/>
        <source>Export only this model (graph) id.</source>
        <translation>仅导出此模型（图）ID。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="486"/>
        <source>Export only iteration N or the range A-B.</source>
        <translation>仅导出第 N 次迭代或 A-B 范围内的迭代。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="486"/>
        <source>N|A-B</source>
        <translation>N|A-B</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="487"/>
        <source>Export only these devices, comma separated.</source>
        <translation>仅导出这些设备，以逗号分隔。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="487"/>
        <source>ids</source>
        <translation>ids</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="488"/>
        <source>Export only these files, comma separated: %1.</source>
        <translation>仅导出这些文件，以逗号分隔：%1。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="494"/>
        <source>export needs --project FILE and --output DIR.</source>
        <translation>export 需要 --project FILE 和 --output DIR。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="504"/>
        <source>--session must be a session id (see &apos;npuscope query&apos;), got &quot;%1&quot;.</source>
        <translation>--session 必须是会话 ID（参见 &apos;npuscope query&apos;），实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="511"/>
        <source>--model-id must be a whole number, got &quot;%1&quot;.</source>
        <translation>--model-id 必须是整数，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="518"/>
        <source>--iteration-id must be N or A-B with 1 &lt;= A &lt;= B, got &quot;%1&quot;.</source>
        <translation>--iteration-id 必须是 N 或 A-B（1 &lt;= A &lt;= B），实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="528"/>
        <source>--device must list device ids, got &quot;%1&quot;.</source>
        <translation>--device 必须列出设备 ID，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="543"/>
        <source>Import a PROF directory written by msprof (or by NPU Scope) into a project. Give a PROF_* folder, one of its device_* folders, or a folder holding PROF_* folders: every device found is imported into one session.</source>
        <translation>将 msprof（或 NPU Scope）写出的 PROF 目录导入工程。请指定 PROF_* 文件夹、其下的某个 device_* 文件夹，或包含 PROF_* 文件夹的文件夹：找到的所有设备都会导入到同一个会话中。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="546"/>
        <source>The folder to import.</source>
        <translation>要导入的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="547"/>
        <source>Project file (created if missing).</source>
        <translation>工程文件（不存在时自动创建）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="548"/>
        <source>Session name (default: &quot;Import of &lt;folder&gt;&quot;).</source>
        <translation>会话名称（默认：&quot;导入自 &lt;folder&gt;&quot;）。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="548"/>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="552"/>
        <source>import needs one folder and --project FILE, e.g. &apos;npuscope import PROF_000001_... --project p.npuscope&apos;.</source>
        <translation>import 需要一个文件夹和 --project FILE，例如 &apos;npuscope import PROF_000001_... --project p.npuscope&apos;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="558"/>
        <source>%1 is not a folder; give a PROF_* folder or a folder holding PROF_* folders.</source>
        <translation>%1 不是文件夹；请指定 PROF_* 文件夹或包含 PROF_* 文件夹的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="559"/>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="581"/>
        <source>Importing: %1 of %2 files, %3 of %4</source>
        <translation>正在导入：第 %1/%2 个文件，%3/%4</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="592"/>
        <source> (byte %1)</source>
        <translation> (第 %1 字节)</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/cli.cpp" line="595"/>
        <source> (%n times in this file)</source>
        <translation>
            <numerusform> (在此文件中出现 %n 次)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="615"/>
        <source>Imported %1 (%2 layout, %3 files, %4) into session %5 of %6.</source>
        <translation>已将 %1（%2 目录结构，%3 个文件，%4）导入到 %6 的会话 %5 中。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="618"/>
        <source>Events and rows: %1 read, %2 imported, %3 duplicates of other files, %4 derived (recomputed on export), %5 skipped.</source>
        <translation>事件和行：读取 %1，导入 %2，与其他文件重复 %3，派生 %4（导出时重新计算），跳过 %5。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="621"/>
        <source>Not in the input: %1</source>
        <translation>输入中不包含：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/cli.cpp" line="623"/>
        <source>%n problem(s) were found; they are listed above and stored with the session.</source>
        <translation>
            <numerusform>发现 %n 个问题；已在上方列出，并随会话一起保存。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="630"/>
        <source>List the sessions, devices, models, iterations and record counts of a project.</source>
        <translation>列出工程中的会话、设备、模型、迭代和记录数。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="632"/>
        <source>Output format: text or json.</source>
        <translation>输出格式：text 或 json。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="632"/>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="639"/>
        <source>query needs --project FILE.</source>
        <translation>query 需要 --project FILE。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="644"/>
        <source>--format must be &quot;text&quot; or &quot;json&quot;, got &quot;%1&quot;.</source>
        <translation>--format 必须是 &quot;text&quot; 或 &quot;json&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="664"/>
        <source>Validate profiling_options like the real collector; list every problem.</source>
        <translation>按真实采集器的规则校验 profiling_options，并列出所有问题。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="670"/>
        <source>check-options takes one JSON string; quote it in the shell.</source>
        <translation>check-options 只接受一个 JSON 字符串；请在 shell 中用引号将其括起。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="682"/>
        <source>The profiling options are valid.</source>
        <translation>Profiling 选项有效。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="692"/>
        <source>Record a small demo session (ResNet-50, 2 devices) and export it.</source>
        <translation>记录一个小型演示会话（ResNet-50，2 个设备）并将其导出。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="693"/>
        <source>Folder for the demo project and export.</source>
        <translation>存放演示工程和导出结果的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="717"/>
        <source>Demo project: %1</source>
        <translation>演示工程：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="718"/>
        <source>Demo export:  %1</source>
        <translation>演示导出：%1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="719"/>
        <source>Open the project in the GUI with: npuscope %1</source>
        <translation>在图形界面中打开该工程：npuscope %1</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="726"/>
        <source>NPU Scope %1 - profiler for AI training on Ascend NPUs.

Usage: npuscope [project.npuscope]        open the GUI (needs a display)
       npuscope &lt;command&gt; [options]

Commands:
  run            emulate a profiled training session and record it into a project
  export         write a recorded session as a PROF directory (JSON timelines, CSV summaries)
  import         read a PROF directory (msprof output) into a project
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
  import         将 PROF 目录（msprof 输出）读入工程
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
        <location filename="../app/cli.cpp" line="767"/>
        <source>There is no display for the GUI (DISPLAY is not set). Use a command instead, for example &apos;npuscope demo&apos; or &apos;npuscope query --project %1&apos;.</source>
        <translation>没有可用于图形界面的显示环境（未设置 DISPLAY）。请改用命令，例如 &apos;npuscope demo&apos; 或 &apos;npuscope query --project %1&apos;。</translation>
    </message>
    <message>
        <location filename="../app/cli.cpp" line="799"/>
        <source>Unknown command or file &quot;%1&quot;. Run &apos;npuscope --help&apos; for the commands.</source>
        <translation>未知的命令或文件 &quot;%1&quot;。运行 &apos;npuscope --help&apos; 查看可用命令。</translation>
    </message>
</context>
<context>
    <name>CsvReader</name>
    <message>
        <location filename="../core/importing/csv_reader.cpp" line="21"/>
        <source>Could not open %1: %2.</source>
        <translation>无法打开 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/importing/csv_reader.cpp" line="55"/>
        <source>The file ends inside a quoted cell (truncated?).</source>
        <translation>文件在带引号的单元格内结束（可能被截断？）。</translation>
    </message>
    <message>
        <location filename="../core/importing/csv_reader.cpp" line="92"/>
        <source>A cell is longer than 16 MiB.</source>
        <translation>某个单元格超过 16 MiB。</translation>
    </message>
</context>
<context>
    <name>Emulator</name>
    <message>
        <location filename="../device/emulator.cpp" line="835"/>
        <source>The batch size %1 is out of range: it must be between 1 and 4096.</source>
        <translation>批大小 %1 超出范围：必须介于 1 到 4096 之间。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="844"/>
        <source>The model &quot;%1&quot; is unknown. Use one of: %2, or the path of a JSON model file.</source>
        <translation>未知的模型 &quot;%1&quot;。请使用以下模型之一：%2，或指定 JSON 模型文件的路径。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="849"/>
        <source>The iteration count %1 is out of range: it must be between 1 and 100000.</source>
        <translation>迭代次数 %1 超出范围：必须介于 1 到 100000 之间。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="852"/>
        <source>The device count %1 per server is out of range: an Ascend 910 server has 1 to 8 devices.</source>
        <translation>每台服务器的设备数 %1 超出范围：一台 Ascend 910 服务器有 1 到 8 个设备。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="855"/>
        <source>The server count %1 is out of range: it must be between 1 and 4.</source>
        <translation>服务器数量 %1 超出范围：必须介于 1 到 4 之间。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="858"/>
        <source>The all-reduce segment count %1 is out of range: it must be between 1 and 64.</source>
        <translation>all-reduce 分段数 %1 超出范围：必须介于 1 到 64 之间。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="861"/>
        <source>The input rate %1 samples/s is not valid: it must be 0 (fast enough) or a positive number.</source>
        <translation>输入速率 %1 samples/s 无效：必须为 0（足够快）或正数。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="865"/>
        <source>The scenario &quot;%1&quot; is unknown. Known scenarios: %2.</source>
        <translation>未知的场景 &quot;%1&quot;。已知场景：%2。</translation>
    </message>
    <message>
        <location filename="../device/emulator.cpp" line="952"/>
        <source>The record store refused a batch of iteration %1.</source>
        <translation>记录存储拒绝了迭代 %1 的一批记录。</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <location filename="../ui/format.cpp" line="16"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../ui/format.cpp" line="18"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../ui/format.cpp" line="19"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location filename="../ui/format.cpp" line="35"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../ui/format.cpp" line="36"/>
        <source>complete</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../ui/format.cpp" line="37"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../ui/format.cpp" line="38"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>JsonModel</name>
    <message>
        <location filename="../device/models/json_model.cpp" line="149"/>
        <source>The model file %1 is not valid JSON: %2 at line %3.</source>
        <translation>模型文件 %1 不是有效的 JSON：%2（第 %3 行）。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="155"/>
        <source>The model file %1 must hold a JSON object with &quot;input&quot; and &quot;layers&quot;.</source>
        <translation>模型文件 %1 必须包含一个带有 &quot;input&quot; 和 &quot;layers&quot; 的 JSON 对象。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="163"/>
        <source>The model file %1 has the unknown key &quot;%2&quot;; known keys: %3.</source>
        <translation>模型文件 %1 包含未知的键 &quot;%2&quot;；已知的键：%3。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="174"/>
        <source>The model file %1: &quot;labels&quot; must be &quot;int32&quot; or &quot;int64&quot;, got &quot;%2&quot;.</source>
        <translation>模型文件 %1：&quot;labels&quot; 必须是 &quot;int32&quot; 或 &quot;int64&quot;，实际为 &quot;%2&quot;。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="185"/>
        <source>The model file %1 needs a non-empty &quot;layers&quot; array.</source>
        <translation>模型文件 %1 需要一个非空的 &quot;layers&quot; 数组。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="196"/>
        <source>a layer must be a JSON object</source>
        <translation>层必须是 JSON 对象</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="204"/>
        <source>the layer type &quot;%1&quot; is unknown; known types: %2</source>
        <translation>未知的层类型 &quot;%1&quot;；已知类型：%2</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="209"/>
        <source>the key &quot;%1&quot; is not a setting of a %2 layer; its settings: %3</source>
        <translation>键 &quot;%1&quot; 不是 %2 层的设置项；其设置项为：%3</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="210"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="215"/>
        <source>the layer name &quot;%1&quot; is used twice</source>
        <translation>层名称 &quot;%1&quot; 被使用了两次</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="222"/>
        <source>it has no layer with weights (conv, dense, embedding or attention), so there is nothing to train</source>
        <translation>模型中没有带权重的层（conv、dense、embedding 或 attention），因此没有可训练的内容</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="246"/>
        <source>The model file %1, layers[%2] (line %3): %4.</source>
        <translation>模型文件 %1，layers[%2]（第 %3 行）：%4。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="251"/>
        <source>The model file %1 cannot be used: %2.</source>
        <translation>无法使用模型文件 %1：%2。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="263"/>
        <source>The model file %1: input &quot;%2&quot; must be a whole number from 1 to 1000000.</source>
        <translation>模型文件 %1：input &quot;%2&quot; 必须是 1 到 1000000 之间的整数。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="271"/>
        <source>The model file %1 needs an &quot;input&quot; object: {&quot;channels&quot;, &quot;height&quot;, &quot;width&quot;}, {&quot;features&quot;} or {&quot;tokens&quot;}.</source>
        <translation>模型文件 %1 需要一个 &quot;input&quot; 对象：{&quot;channels&quot;, &quot;height&quot;, &quot;width&quot;}、{&quot;features&quot;} 或 {&quot;tokens&quot;}。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="283"/>
        <source>The model file %1: &quot;%2&quot; is not an input setting; use channels/height/width, features or tokens.</source>
        <translation>模型文件 %1：&quot;%2&quot; 不是 input 的设置项；请使用 channels/height/width、features 或 tokens。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="290"/>
        <source>The model file %1: &quot;input&quot; must give either all of channels, height and width, or features, or tokens.</source>
        <translation>模型文件 %1：&quot;input&quot; 必须同时给出 channels、height 和 width，或者只给出 features，或者只给出 tokens。</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="309"/>
        <source>&quot;%1&quot; is required</source>
        <translation>&quot;%1&quot; 为必填项</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="315"/>
        <source>&quot;%1&quot; must be a whole number from %2 to %3</source>
        <translation>&quot;%1&quot; 必须是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="327"/>
        <source>&quot;%1&quot; must be true or false</source>
        <translation>&quot;%1&quot; 必须是 true 或 false</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="335"/>
        <source>&quot;activation&quot; must be one of %1, got &quot;%2&quot;</source>
        <translation>&quot;activation&quot; 必须是 %1 之一，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="350"/>
        <source>a token input must go through an embedding layer first</source>
        <translation>token 输入必须先经过 embedding 层</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="360"/>
        <source>a %1×%1 kernel does not fit the %2×%3 input</source>
        <translation>%1×%1 的卷积核不适用于 %2×%3 的输入</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="375"/>
        <source>a %1×%1 window does not fit the %2×%3 input</source>
        <translation>%1×%1 的窗口不适用于 %2×%3 的输入</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="404"/>
        <source>an embedding layer needs the token input (&quot;input&quot;: {&quot;tokens&quot;: N}) directly before it</source>
        <translation>embedding 层的前面必须紧接 token 输入（&quot;input&quot;: {&quot;tokens&quot;: N}）</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="412"/>
        <source>an attention layer needs a token sequence (after an embedding layer)</source>
        <translation>attention 层需要 token 序列（位于 embedding 层之后）</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="417"/>
        <source>%1 heads do not divide the hidden size %2</source>
        <translation>隐藏层大小 %2 不能被头数 %1 整除</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="423"/>
        <source>&quot;from&quot; must name an earlier layer (or &quot;input&quot;), got &quot;%1&quot;</source>
        <translation>&quot;from&quot; 必须指定前面的某一层（或 &quot;input&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="426"/>
        <source>the output of &quot;%1&quot; (%2×%3×%4) does not match the current shape (%5×%6×%7)</source>
        <translation>&quot;%1&quot; 的输出（%2×%3×%4）与当前形状（%5×%6×%7）不匹配</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="434"/>
        <source>take_token needs a token sequence</source>
        <translation>take_token 需要 token 序列</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="438"/>
        <source>gather_positions needs a token sequence</source>
        <translation>gather_positions 需要 token 序列</translation>
    </message>
    <message>
        <location filename="../device/models/json_model.cpp" line="460"/>
        <source>The model file %1 cannot be read: %2.</source>
        <translation>无法读取模型文件 %1：%2。</translation>
    </message>
</context>
<context>
    <name>JsonPull</name>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="36"/>
        <source>Could not open %1: %2.</source>
        <translation>无法打开 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="71"/>
        <source>Reading failed at byte %1: %2.</source>
        <translation>在第 %1 字节处读取失败：%2。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="147"/>
        <location filename="../core/importing/json_pull.cpp" line="173"/>
        <source>The file ends inside a string (truncated?).</source>
        <translation>文件在字符串内结束（可能被截断？）。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="158"/>
        <source>A string is longer than %1 MiB.</source>
        <translation>某个字符串超过 %1 MiB。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="168"/>
        <source>A control character is not allowed inside a string.</source>
        <translation>字符串中不允许出现控制字符。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="200"/>
        <location filename="../core/importing/json_pull.cpp" line="207"/>
        <source>A \u escape needs four hex digits.</source>
        <translation>\u 转义需要四位十六进制数字。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="216"/>
        <source>Unknown escape \%1 in a string.</source>
        <translation>字符串中有未知的转义 \%1。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="233"/>
        <source>A number is too long.</source>
        <translation>数字过长。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="243"/>
        <source>&quot;%1&quot; is not a number.</source>
        <translation>&quot;%1&quot; 不是数字。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="253"/>
        <source>Unexpected character; expected &quot;%1&quot;.</source>
        <translation>意外的字符；应为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="276"/>
        <source>The file is empty.</source>
        <translation>文件为空。</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/importing/json_pull.cpp" line="276"/>
        <source>The file ends early: %n container(s) not closed (truncated?).</source>
        <translation>
            <numerusform>文件提前结束：有 %n 个容器未闭合（可能被截断？）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="280"/>
        <source>Unexpected data after the end of the JSON value.</source>
        <translation>JSON 值结束后出现意外数据。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="301"/>
        <source>Expected &apos;,&apos; or &apos;}&apos; after a value.</source>
        <translation>值之后应为 &apos;,&apos; 或 &apos;}&apos;。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="301"/>
        <source>Expected &apos;,&apos; or &apos;]&apos; after a value.</source>
        <translation>值之后应为 &apos;,&apos; 或 &apos;]&apos;。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="312"/>
        <source>Expected a quoted key.</source>
        <translation>应为带引号的键。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="317"/>
        <source>Expected &apos;:&apos; after the key &quot;%1&quot;.</source>
        <translation>键 &quot;%1&quot; 之后应为 &apos;:&apos;。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="365"/>
        <source>Unexpected character &apos;%1&apos; where a value should be.</source>
        <translation>此处应为值，却出现了意外的字符 &apos;%1&apos;。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="465"/>
        <source>An element of the event array is not an object.</source>
        <translation>事件数组中的某个元素不是对象。</translation>
    </message>
    <message>
        <location filename="../core/importing/json_pull.cpp" line="485"/>
        <source>The field &quot;%1&quot; has the wrong type.</source>
        <translation>字段 &quot;%1&quot; 的类型错误。</translation>
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
    <name>ProjectCopy</name>
    <message>
        <location filename="../core/store/project_copy.cpp" line="46"/>
        <source>Choose a file name to save the project copy as.</source>
        <translation>请选择工程副本的文件名。</translation>
    </message>
    <message>
        <location filename="../core/store/project_copy.cpp" line="49"/>
        <source>The project %1 cannot be saved over itself; choose another file name.</source>
        <translation>工程 %1 不能覆盖保存到自身；请选择其他文件名。</translation>
    </message>
    <message>
        <location filename="../core/store/project_copy.cpp" line="59"/>
        <source>The folder %1 for the project copy could not be created.</source>
        <translation>无法创建工程副本所在的文件夹 %1。</translation>
    </message>
    <message>
        <location filename="../core/store/project_copy.cpp" line="106"/>
        <source>The project %1 stayed busy; try saving the copy again.</source>
        <translation>工程 %1 一直处于忙碌状态；请重新尝试保存副本。</translation>
    </message>
    <message>
        <location filename="../core/store/project_copy.cpp" line="125"/>
        <source>The copy of %1 could not be verified: %2</source>
        <translation>无法校验 %1 的副本：%2</translation>
    </message>
    <message>
        <location filename="../core/store/project_copy.cpp" line="137"/>
        <source>The project copy could not be saved as %1: %2.</source>
        <translation>无法将工程副本保存为 %1：%2。</translation>
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
        <location filename="../core/store/project.cpp" line="78"/>
        <source>The lock file %1 of the project could not be created: %2.</source>
        <translation>无法创建工程的锁文件 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="89"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="91"/>
        <source>The project %1 is already being recorded by another NPU Scope process (pid %2). Wait until that recording ends, or record into another project.</source>
        <translation>另一个 NPU Scope 进程（pid %2）正在向工程 %1 记录数据。请等待该记录结束，或记录到其他工程。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="96"/>
        <source>The lock file %1 of the project could not be locked: %2.</source>
        <translation>无法锁定工程的锁文件 %1：%2。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="394"/>
        <source>The project %1 has no session %2.</source>
        <translation>工程 %1 中没有会话 %2。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1190"/>
        <location filename="../core/store/sqlite_db.cpp" line="175"/>
        <source>The folder %1 for the project could not be created.</source>
        <translation>无法创建工程所在的文件夹 %1。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1230"/>
        <source>The recording into %1 was started twice.</source>
        <translation>向 %1 的记录被启动了两次。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1292"/>
        <source>Records were written to %1 outside of a recording.</source>
        <translation>在记录过程之外向 %1 写入了记录。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1317"/>
        <source>The recording into %1 was ended before it began.</source>
        <translation>向 %1 的记录在开始之前就被结束了。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1319"/>
        <source>The recording into %1 was ended twice.</source>
        <translation>向 %1 的记录被结束了两次。</translation>
    </message>
    <message>
        <location filename="../core/store/project.cpp" line="1600"/>
        <source>A note was written to %1 outside of a recording.</source>
        <translation>在记录过程之外向 %1 写入了备注。</translation>
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
    <name>TimelineSearch</name>
    <message>
        <location filename="../core/analysis/timeline_stats.cpp" line="80"/>
        <source>The search pattern is not a valid regular expression: %1 (at character %2).</source>
        <translation>搜索模式不是有效的正则表达式：%1（第 %2 个字符处）。</translation>
    </message>
</context>
<context>
    <name>TimelineStore</name>
    <message>
        <location filename="../core/store/lod.cpp" line="71"/>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="197"/>
        <source>Starting the timeline summary</source>
        <translation>开始生成时间线摘要</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="199"/>
        <source>Creating the timeline tables</source>
        <translation>创建时间线数据表</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="204"/>
        <location filename="../core/store/lod.cpp" line="762"/>
        <source>Measuring the session</source>
        <translation>统计会话规模</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="217"/>
        <source>Reading the ops</source>
        <translation>读取算子</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="236"/>
        <location filename="../core/store/lod.cpp" line="279"/>
        <location filename="../core/store/lod.cpp" line="450"/>
        <location filename="../core/store/lod.cpp" line="471"/>
        <source>Reading the tasks</source>
        <translation>读取任务</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="294"/>
        <location filename="../core/store/lod.cpp" line="327"/>
        <location filename="../core/store/lod.cpp" line="329"/>
        <source>Writing the timeline summary</source>
        <translation>写入时间线摘要</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="378"/>
        <source>The project %1 has no session %2.</source>
        <translation>工程 %1 中没有会话 %2。</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="401"/>
        <location filename="../core/store/lod.cpp" line="418"/>
        <source>Reading the timeline summary</source>
        <translation>读取时间线摘要</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="483"/>
        <source>Looking up the task</source>
        <translation>查找任务</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="535"/>
        <location filename="../core/store/lod.cpp" line="544"/>
        <source>Reading the session</source>
        <translation>读取会话</translation>
    </message>
    <message>
        <location filename="../core/store/lod.cpp" line="802"/>
        <location filename="../core/store/lod.cpp" line="810"/>
        <source>The mark could not be saved: %1</source>
        <translation>无法保存标记：%1</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="51"/>
        <source>Stream %1</source>
        <translation>Stream %1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="145"/>
        <location filename="../ui/timeline/timeline_model.cpp" line="190"/>
        <location filename="../ui/timeline/timeline_model.cpp" line="267"/>
        <location filename="../ui/timeline/timeline_model.cpp" line="276"/>
        <source>Ascend Hardware</source>
        <translation>Ascend Hardware</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="235"/>
        <location filename="../ui/timeline/timeline_model.cpp" line="242"/>
        <source>HCCL</source>
        <translation>HCCL</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="235"/>
        <source>Communication Kernel</source>
        <translation>Communication Kernel</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="242"/>
        <source>Plane %1</source>
        <translation>Plane %1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="250"/>
        <source>msproftx</source>
        <translation>msproftx</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="250"/>
        <source>CANN</source>
        <translation>CANN</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="251"/>
        <source>Thread %1</source>
        <translation>Thread %1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="258"/>
        <source>AI CPU</source>
        <translation>AI CPU</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="268"/>
        <source>Step Trace(Model ID:%1)</source>
        <translation>Step Trace(Model ID:%1)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="277"/>
        <source>Step Trace(Model ID:%1) Reduce</source>
        <translation>Step Trace(Model ID:%1) Reduce</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_model.cpp" line="342"/>
        <location filename="../ui/timeline/timeline_model.cpp" line="405"/>
        <location filename="../ui/timeline/timeline_model.cpp" line="412"/>
        <source>Overlap Analysis</source>
        <translation>Overlap Analysis</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ExportDialog</name>
    <message>
        <location filename="../ui/export_dialog.cpp" line="104"/>
        <source>Export Into</source>
        <translation>导出到</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="152"/>
        <source>Export Session %1</source>
        <translation>导出会话 %1</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="153"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="154"/>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="155"/>
        <source>Devices:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="156"/>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="157"/>
        <source>Iterations:</source>
        <translation>迭代：</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="158"/>
        <source>Files:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="159"/>
        <source>all, or from</source>
        <translation>全部，或从</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="160"/>
        <source>All models</source>
        <translation>所有模型</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="162"/>
        <source>Device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="163"/>
        <source>A PROF_… directory is created inside this folder</source>
        <translation>将在此文件夹中创建 PROF_… 目录</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="164"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="165"/>
        <source>Cancel Export</source>
        <translation>取消导出</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="266"/>
        <source>Choose the folder to export into.</source>
        <translation>请选择要导出到的文件夹。</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="271"/>
        <source>Select at least one device.</source>
        <translation>请至少选择一个设备。</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="276"/>
        <source>Select at least one kind of file.</source>
        <translation>请至少选择一种文件。</translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="278"/>
        <source>The first iteration (%1) comes after the last (%2).</source>
        <translation>起始迭代（%1）在结束迭代（%2）之后。</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/export_dialog.cpp" line="341"/>
        <source>Exported %n file(s) to &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</source>
        <translation>
            <numerusform>已导出 %n 个文件到 &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/export_dialog.cpp" line="346"/>
        <source>The export was cancelled. Files written so far are complete; none is half-written.</source>
        <translation>导出已取消。已写入的文件均完整，不存在写了一半的文件。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="240"/>
        <source>NPU Scope</source>
        <translation>NPU Scope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="444"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="456"/>
        <location filename="../ui/main_window.cpp" line="468"/>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="458"/>
        <source>Records</source>
        <translation>记录数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="128"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="267"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="243"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="244"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="245"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="247"/>
        <source>&amp;New Session…</source>
        <translation>新建会话(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="248"/>
        <source>Record a new emulated training session</source>
        <translation>记录一个新的仿真训练会话</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="249"/>
        <source>&amp;Open Project…</source>
        <translation>打开工程(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="250"/>
        <source>Save Project &amp;As…</source>
        <translation>工程另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="251"/>
        <source>Save a copy of the project (safe while a session is being recorded)</source>
        <translation>保存工程的副本（正在记录会话时也可安全执行）</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="252"/>
        <source>&amp;Import PROF Directory…</source>
        <translation>导入 PROF 目录(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="253"/>
        <source>Importing a PROF directory is not available in this version yet.</source>
        <translation>当前版本尚不支持导入 PROF 目录。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="255"/>
        <source>&amp;Export Session…</source>
        <translation>导出会话(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="257"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="246"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="259"/>
        <source>&amp;About NPU Scope</source>
        <translation>关于 NPU Scope(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="380"/>
        <source>Cannot Open Project</source>
        <translation>无法打开工程</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="241"/>
        <source>%1 - NPU Scope</source>
        <translation>%1 - NPU Scope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="445"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="446"/>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="447"/>
        <source>Iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="448"/>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="449"/>
        <source>Launch mode</source>
        <translation>启动模式</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="450"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="451"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="454"/>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="457"/>
        <source>Tasks</source>
        <translation>任务数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="461"/>
        <source>profiling_options</source>
        <translation>profiling_options</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="404"/>
        <source>Open Project</source>
        <translation>打开工程</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="242"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="256"/>
        <source>Write the selected session as a PROF directory (timeline JSON and summary CSV)</source>
        <translation>将所选会话写为 PROF 目录（timeline JSON 和 summary CSV）</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="258"/>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="260"/>
        <source>Re&amp;load</source>
        <translation>重新加载(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="261"/>
        <source>&amp;Cancel Run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="262"/>
        <source>&amp;Clear Menu</source>
        <translation>清除菜单(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="263"/>
        <source>Main Tool Bar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="264"/>
        <source>Project Explorer</source>
        <translation>工程浏览器</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="265"/>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="266"/>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="284"/>
        <source>Recording in Progress</source>
        <translation>正在记录</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="285"/>
        <source>A session is being recorded. Stop it and quit? What was recorded so far is kept.</source>
        <translation>正在记录会话。是否停止记录并退出？已记录的数据会保留。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="389"/>
        <source>Opened %1.</source>
        <translation>已打开 %1。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="405"/>
        <source>NPU Scope projects (*.npuscope);;All files (*)</source>
        <translation>NPU Scope 工程 (*.npuscope);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="413"/>
        <source>&lt;h3&gt;NPU Scope&lt;/h3&gt;&lt;p&gt;Open a project (&lt;b&gt;File → Open Project…&lt;/b&gt;, or drop a .npuscope file here) or record a new emulated session (&lt;b&gt;File → New Session…&lt;/b&gt;).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;NPU Scope&lt;/h3&gt;&lt;p&gt;打开一个工程（&lt;b&gt;文件 → 打开工程…&lt;/b&gt;，或将 .npuscope 文件拖放到此处），或记录一个新的仿真会话（&lt;b&gt;文件 → 新建会话…&lt;/b&gt;）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="430"/>
        <source>&lt;h3&gt;Project %1&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;工程 %1&lt;/h3&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="432"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="433"/>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="442"/>
        <source>&lt;h3&gt;Session %1: %2&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;会话 %1：%2&lt;/h3&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="448"/>
        <source>%1 per server × %2 server(s)</source>
        <translation>每台服务器 %1 个 × %2 台服务器</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="453"/>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="460"/>
        <source>Aged by storage_limit</source>
        <translation>因 storage_limit 老化删除</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="460"/>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="466"/>
        <source>&lt;h4&gt;Device %1, model %2&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;设备 %1，模型 %2&lt;/h4&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="468"/>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="468"/>
        <source>FP to BP</source>
        <translation>FP 到 BP</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="468"/>
        <source>All-reduce segments</source>
        <translation>All-reduce 分段数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="491"/>
        <location filename="../ui/main_window.cpp" line="503"/>
        <source>Busy</source>
        <translation>正忙</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="491"/>
        <location filename="../ui/main_window.cpp" line="503"/>
        <source>Wait for the current run to finish or cancel it first.</source>
        <translation>请等待当前运行完成，或先将其取消。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="745"/>
        <source>&lt;h3&gt;NPU Scope %1&lt;/h3&gt;&lt;p&gt;A profiler for AI training on Ascend NPUs, with an Ascend 910 emulator, msprof-compatible exports and a SQLite project file.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;NPU Scope %1&lt;/h3&gt;&lt;p&gt;面向昇腾 NPU 的 AI 训练性能分析工具，内置 Ascend 910 仿真器，可导出 msprof 兼容格式的数据，并使用 SQLite 工程文件。&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="509"/>
        <source>Invalid Session</source>
        <translation>无效的会话</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="555"/>
        <source>Recording %1…</source>
        <translation>正在记录 %1…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="561"/>
        <source>Recording %1 into %2.</source>
        <translation>正在将 %1 记录到 %2。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="592"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="593"/>
        <source>Iteration %1 of %2 · %3 records/s · elapsed %4 · remaining %5</source>
        <translation>迭代 %1/%2 · %3 条记录/秒 · 已用时 %4 · 剩余 %5</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="611"/>
        <source>The run failed.</source>
        <translation>运行失败。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="613"/>
        <source>Run Failed</source>
        <translation>运行失败</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="616"/>
        <source>Cancelled after %n iteration(s); what was recorded is kept.</source>
        <translation>
            <numerusform>在 %n 次迭代后取消；已记录的数据会保留。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="621"/>
        <source>Recorded %1 records in %2.</source>
        <translation>已记录 %1 条记录，用时 %2。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="666"/>
        <source>Saving a copy of the project…</source>
        <translation>正在保存工程副本…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="681"/>
        <source>The project was not saved.</source>
        <translation>工程未保存。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="683"/>
        <source>Cannot Save Project</source>
        <translation>无法保存工程</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="687"/>
        <source>Saved a copy as %1.</source>
        <translation>已将副本保存为 %1。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="701"/>
        <source>Save Project As</source>
        <translation>工程另存为</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="703"/>
        <source>-copy</source>
        <translation>-copy</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="704"/>
        <source>NPU Scope projects (*.npuscope)</source>
        <translation>NPU Scope 工程 (*.npuscope)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="712"/>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="719"/>
        <location filename="../ui/main_window.cpp" line="724"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="719"/>
        <source>Select a session in the project explorer first.</source>
        <translation>请先在工程浏览器中选择一个会话。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="656"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="731"/>
        <source>Export %1: %2</source>
        <translation>导出 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="744"/>
        <source>About NPU Scope</source>
        <translation>关于 NPU Scope</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::NewSessionDialog</name>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="370"/>
        <source>New Session</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="241"/>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="175"/>
        <source>Input &amp;pipeline:</source>
        <translation>输入流水线(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="177"/>
        <source>All-reduce se&amp;gments:</source>
        <translation>All-reduce 分段数(&amp;G)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="178"/>
        <source>Scenarios:</source>
        <translation>场景：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="179"/>
        <source>From file…</source>
        <translation>从文件…</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="180"/>
        <source>A model of the zoo, or a JSON model file of your own</source>
        <translation>内置模型库中的模型，或您自己的 JSON 模型文件</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="181"/>
        <source>Mixed precision (FP16 compute)</source>
        <translation>混合精度（FP16 计算）</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="183"/>
        <source>per server  ×</source>
        <translation>每台服务器  ×</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="184"/>
        <source> server(s)</source>
        <translation> 台服务器</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/new_session_dialog.cpp" line="185"/>
        <location filename="../ui/new_session_dialog.cpp" line="202"/>
        <location filename="../ui/new_session_dialog.cpp" line="205"/>
        <source>= %n device(s)</source>
        <translation>
            <numerusform>= %n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="186"/>
        <source>Estimator (iterations sink to the device)</source>
        <translation>Estimator（迭代下沉到设备）</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="187"/>
        <source>sess.run (host round trip per step)</source>
        <translation>sess.run（每步与 Host 往返一次）</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="182"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="169"/>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="170"/>
        <source>&amp;Batch size:</source>
        <translation>批大小(&amp;B)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="171"/>
        <source>&amp;Iterations:</source>
        <translation>迭代次数(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="173"/>
        <source>&amp;Devices:</source>
        <translation>设备数(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="174"/>
        <source>&amp;Launch mode:</source>
        <translation>启动模式(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="172"/>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="176"/>
        <source>&amp;Seed:</source>
        <translation>随机种子(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="188"/>
        <source>fast enough (never the bottleneck)</source>
        <translation>足够快（永远不是瓶颈）</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="189"/>
        <source> samples/s</source>
        <translation> samples/s</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="190"/>
        <source>Throughput of the host input pipeline; 0 = never the bottleneck</source>
        <translation>Host 侧输入流水线的吞吐量；0 = 永远不是瓶颈</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="191"/>
        <source>Same seed, same workload and options: the same records, byte for byte</source>
        <translation>种子、工作负载和选项都相同时，记录逐字节相同</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="192"/>
        <source>Number of gradient all-reduce segments per iteration</source>
        <translation>每次迭代的梯度 all-reduce 分段数</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="193"/>
        <source>The host input pipeline is slower than the device (Data Aug Bound)</source>
        <translation>Host 侧输入流水线比设备慢（Data Aug Bound）</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="194"/>
        <source>The last device runs 30 % slower; the others wait in all-reduce</source>
        <translation>最后一个设备慢 30 %；其他设备在 all-reduce 中等待</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="195"/>
        <source>Some ops fall back to the AI CPU</source>
        <translation>部分算子回退到 AI CPU 执行</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="196"/>
        <source>Small kernels: the host cannot launch tasks fast enough</source>
        <translation>小算子：Host 侧下发任务的速度跟不上</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="197"/>
        <source>One all-reduce segment after the whole backward pass</source>
        <translation>整个反向传播结束后只做一次 all-reduce</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="212"/>
        <source>Model File</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="213"/>
        <source>JSON model files (*.json);;All files (*)</source>
        <translation>JSON 模型文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="242"/>
        <source>Profiling options</source>
        <translation>Profiling 选项</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="262"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="271"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="272"/>
        <source>profiling_options</source>
        <translation>profiling_options</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="273"/>
        <source>Estimator code</source>
        <translation>Estimator 代码</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="274"/>
        <source>sess.run code</source>
        <translation>sess.run 代码</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="295"/>
        <source>Import from a training script</source>
        <translation>从训练脚本导入</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="296"/>
        <source>Paste or open a TensorFlow script (.py), or drop it on this dialog: its profiling_options fill the form.</source>
        <translation>粘贴或打开 TensorFlow 脚本（.py），或将其拖放到此对话框：脚本中的 profiling_options 会填入表单。</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="298"/>
        <source>&amp;Paste Script…</source>
        <translation>粘贴脚本(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="299"/>
        <source>&amp;Open Script…</source>
        <translation>打开脚本(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="303"/>
        <source>Open Training Script</source>
        <translation>打开训练脚本</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="304"/>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python 脚本 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="328"/>
        <source>Save Preset</source>
        <translation>保存预设</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="328"/>
        <source>Name of the preset:</source>
        <translation>预设名称：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="371"/>
        <source>Pre&amp;set:</source>
        <translation>预设(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="372"/>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="373"/>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="374"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="375"/>
        <source>&amp;Record into:</source>
        <translation>记录到(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="376"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="377"/>
        <source>Choose the project file (a new session is added to an existing project)</source>
        <translation>选择工程文件（新会话会添加到已有工程中）</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/new_session_dialog.cpp" line="514"/>
        <source>%n problem(s) in the workload</source>
        <translation>
            <numerusform>工作负载中有 %n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/new_session_dialog.cpp" line="516"/>
        <source>%n problem(s) in the profiling options</source>
        <translation>
            <numerusform>Profiling 选项中有 %n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/new_session_dialog.cpp" line="520"/>
        <source>Ready to run %1 × %n iteration(s).</source>
        <translation>
            <numerusform>已准备好运行 %1 × %n 次迭代。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="524"/>
        <source>Run is disabled: %1.</source>
        <translation>无法运行：%1。</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="524"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="536"/>
        <source># Fix the problems in the profiling options to see the code.</source>
        <translation># 请先修正 Profiling 选项中的问题，再查看代码。</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="585"/>
        <source>The script contains no profiling_options.</source>
        <translation>脚本中不包含 profiling_options。</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="596"/>
        <source>Imported the options of line %1 (PROFILING_OPTIONS environment variable).</source>
        <translation>已导入第 %1 行的选项（PROFILING_OPTIONS 环境变量）。</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="597"/>
        <source>Imported the options of line %1 (sess.run form).</source>
        <translation>已导入第 %1 行的选项（sess.run 形式）。</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="598"/>
        <source>Imported the options of line %1 (Estimator form).</source>
        <translation>已导入第 %1 行的选项（Estimator 形式）。</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/new_session_dialog.cpp" line="602"/>
        <source>%n problem(s) are marked in the form.</source>
        <translation>
            <numerusform>表单中标出了 %n 个问题。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="614"/>
        <source>The script %1 could not be read: %2.</source>
        <translation>无法读取脚本 %1：%2。</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="628"/>
        <source>Paste Training Script</source>
        <translation>粘贴训练脚本</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="630"/>
        <source>Paste the training script (or the part that sets profiling_options):</source>
        <translation>粘贴训练脚本（或其中设置 profiling_options 的部分）：</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="635"/>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="690"/>
        <source>%1 (built-in)</source>
        <translation>%1（内置）</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="693"/>
        <source>Choose a preset…</source>
        <translation>选择预设…</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="351"/>
        <source>Project File</source>
        <translation>工程文件</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="352"/>
        <source>NPU Scope projects (*.npuscope)</source>
        <translation>NPU Scope 工程 (*.npuscope)</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="378"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="501"/>
        <source>Choose a model file.</source>
        <translation>请选择模型文件。</translation>
    </message>
    <message>
        <location filename="../ui/new_session_dialog.cpp" line="505"/>
        <source>Choose a project file to record into.</source>
        <translation>请选择要记录到的工程文件。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::OptionsForm</name>
    <message>
        <location filename="../ui/options_form.cpp" line="53"/>
        <source>Cube and vector arithmetic: FP16/INT8 and FP32 operation ratios of each task.</source>
        <translation>Cube 和 Vector 运算：每个任务的 FP16/INT8 与 FP32 运算占比。</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="55"/>
        <source>Time share of each pipeline (vector, cube, scalar, MTE1–3) — where a task spends its time.</source>
        <translation>各流水线（vector、cube、scalar、MTE1–3）的耗时占比 — 任务的时间花在了哪里。</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="57"/>
        <source>Main-memory and UB read/write bandwidth of each task.</source>
        <translation>每个任务的主存和 UB 读写带宽。</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="59"/>
        <source>L0A/L0B/L0C buffer read/write bandwidth feeding the cube unit.</source>
        <translation>为 Cube 单元供数的 L0A/L0B/L0C 缓冲区读写带宽。</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="61"/>
        <source>Unified Buffer read/write bandwidth of the vector and scalar units.</source>
        <translation>Vector 和 Scalar 单元的 Unified Buffer 读写带宽。</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="63"/>
        <source>Bank and pipeline conflict ratios: how often units wait for each other.</source>
        <translation>Bank 冲突与流水线冲突占比：各单元相互等待的频率。</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="108"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="113"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="114"/>
        <source>Choose the output directory</source>
        <translation>选择输出目录</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="117"/>
        <source>Output Directory</source>
        <translation>输出目录</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="121"/>
        <source>Output directory:</source>
        <translation>输出目录：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="124"/>
        <source>unset: 90 % of free space</source>
        <translation>未设置：可用空间的 90 %</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="125"/>
        <source>Ageing limit of the recorded data, 200 to 4294967295 MB; the oldest data is deleted first when the limit is reached.</source>
        <translation>已记录数据的老化上限，200 到 4294967295 MB；达到上限时最早的数据会被优先删除。</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="128"/>
        <source>Storage limit:</source>
        <translation>存储上限：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="129"/>
        <source>MB (200–4294967295)</source>
        <translation>MB (200–4294967295)</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="132"/>
        <source>Traces</source>
        <translation>轨迹</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="138"/>
        <source>Training trace (FP/BP, iteration end, all-reduce)</source>
        <translation>训练轨迹（FP/BP、迭代结束、all-reduce）</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="139"/>
        <source>Task trace (per-task timing on the device)</source>
        <translation>任务轨迹（设备上每个任务的耗时）</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="140"/>
        <source>L2 cache hit and victim rates</source>
        <translation>L2 Cache 命中率和替换率</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="141"/>
        <source>HCCL collective communication</source>
        <translation>HCCL 集合通信</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="142"/>
        <source>AI CPU op details</source>
        <translation>AI CPU 算子详情</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="143"/>
        <source>msproftx user markers</source>
        <translation>msproftx 用户标记</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="144"/>
        <source>Runtime API ranges on the host</source>
        <translation>Host 侧 Runtime API 区间</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="164"/>
        <source>on (= l1)</source>
        <translation>on (= l1)</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="165"/>
        <source>l1: timing, op details and PMU</source>
        <translation>l1：耗时、算子详情和 PMU</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="166"/>
        <source>l0: timing only</source>
        <translation>l0：仅耗时</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="167"/>
        <location filename="../ui/options_form.cpp" line="238"/>
        <source>off</source>
        <translation>off</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="171"/>
        <source>Task time:</source>
        <translation>任务耗时（task_time）：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="174"/>
        <source>Step trace points</source>
        <translation>迭代轨迹点（Step Trace）</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="185"/>
        <source>automatic: the first forward op</source>
        <translation>自动：第一个前向算子</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="185"/>
        <source>automatic: the last backward op</source>
        <translation>自动：最后一个反向算子</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="187"/>
        <source>FP start op:</source>
        <translation>FP 起始算子：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="187"/>
        <source>BP end op:</source>
        <translation>BP 结束算子：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="191"/>
        <source>AI Core metrics</source>
        <translation>AI Core 指标</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="207"/>
        <source>AI Core (aic_metrics):</source>
        <translation>AI Core（aic_metrics）：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="213"/>
        <source>Vector core (aiv_metrics):</source>
        <translation>Vector Core（aiv_metrics）：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="218"/>
        <source>System sampling</source>
        <translation>系统采样</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="226"/>
        <source>HBM/DDR bandwidth:</source>
        <translation>HBM/DDR 带宽：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="226"/>
        <location filename="../ui/options_form.cpp" line="227"/>
        <location filename="../ui/options_form.cpp" line="229"/>
        <source>Hz (1–100)</source>
        <translation>Hz (1–100)</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="227"/>
        <source>NIC/RoCE counters:</source>
        <translation>NIC/RoCE 计数器：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="228"/>
        <source>PCIe/HCCS counters:</source>
        <translation>PCIe/HCCS 计数器：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="228"/>
        <location filename="../ui/options_form.cpp" line="230"/>
        <source>Hz (1–50)</source>
        <translation>Hz (1–50)</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="229"/>
        <source>DVPP counters:</source>
        <translation>DVPP 计数器：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="230"/>
        <source>Host sampling:</source>
        <translation>Host 侧采样：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="231"/>
        <source>Instruction sampling:</source>
        <translation>指令采样：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="231"/>
        <source>(300–30000)</source>
        <translation>(300–30000)</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="238"/>
        <source>default %1</source>
        <translation>默认 %1</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="240"/>
        <source>Instruction sampling excludes task, trace and metric collection</source>
        <translation>指令采样与任务、轨迹及指标采集互斥</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="258"/>
        <source>Host usage (host_sys):</source>
        <translation>Host 侧占用（host_sys）：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="260"/>
        <source>Host usage (host_sys_usage):</source>
        <translation>Host 侧占用（host_sys_usage）：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="267"/>
        <source>LLC counters:</source>
        <translation>LLC 计数器：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="269"/>
        <source>not used by the emulator</source>
        <translation>仿真器不使用</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="270"/>
        <source>Power:</source>
        <translation>功耗：</translation>
    </message>
    <message>
        <location filename="../ui/options_form.cpp" line="353"/>
        <source>op_summary columns: %1</source>
        <translation>op_summary 列：%1</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::PreferencesDialog</name>
    <message>
        <location filename="../ui/preferences_dialog.cpp" line="67"/>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <location filename="../ui/preferences_dialog.cpp" line="68"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../ui/preferences_dialog.cpp" line="69"/>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/preferences_dialog.cpp" line="70"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../ui/preferences_dialog.cpp" line="71"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../ui/preferences_dialog.cpp" line="72"/>
        <source>Changes apply immediately to every window.</source>
        <translation>更改会立即应用到所有窗口。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ProjectExplorer</name>
    <message>
        <location filename="../ui/project_explorer.cpp" line="74"/>
        <source>Project</source>
        <translation>工程</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="74"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="74"/>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="74"/>
        <source>Records</source>
        <translation>记录数</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="75"/>
        <source>Session: wall-clock time of the run. Iteration: end of the previous iteration to the end of this one (step trace).</source>
        <translation>会话：运行的实际耗时。迭代：从上一次迭代结束到本次迭代结束（step trace）。</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="133"/>
        <source>Session %1: %2</source>
        <translation>会话 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="137"/>
        <source>%1, batch %2, %3, %4</source>
        <translation>%1，批大小 %2，%3，%4</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="144"/>
        <source>Device %1 (rank %2)</source>
        <translation>设备 %1（rank %2）</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="148"/>
        <source>Model %1: %2</source>
        <translation>模型 %1：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/project_explorer.cpp" line="149"/>
        <source>%n iteration(s)</source>
        <translation>
            <numerusform>%n 次迭代</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="193"/>
        <location filename="../ui/project_explorer.cpp" line="201"/>
        <source>Iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="194"/>
        <source>FP start to BP end: %1</source>
        <translation>FP 开始到 BP 结束：%1</translation>
    </message>
    <message>
        <location filename="../ui/project_explorer.cpp" line="202"/>
        <source>No step trace: record with training_trace on to see iteration times.</source>
        <translation>没有 step trace：请在 training_trace 为 on 时记录，以查看迭代耗时。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::TimelineView</name>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="90"/>
        <source> (rank %1)</source>
        <translation> (rank %1)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="92"/>
        <source>Device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="176"/>
        <source>Search op names (Enter: next, Shift+Enter: previous)</source>
        <translation>搜索算子名称（Enter：下一个，Shift+Enter：上一个）</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="178"/>
        <source>Regex</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="183"/>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配项（Shift+Enter）</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="186"/>
        <source>Next match (Enter)</source>
        <translation>下一个匹配项（Enter）</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="188"/>
        <source>Colour by task type</source>
        <translation>按任务类型着色</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="189"/>
        <source>Colour by op type</source>
        <translation>按算子类型着色</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="192"/>
        <source>Keyboard shortcuts (?)</source>
        <translation>键盘快捷键（?）</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="227"/>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="227"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="233"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="233"/>
        <location filename="../ui/timeline/timeline_view.cpp" line="804"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="233"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="233"/>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="233"/>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="233"/>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="233"/>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="239"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="240"/>
        <source>Range statistics</source>
        <translation>范围统计</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="241"/>
        <source>Marks</source>
        <translation>标记</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="286"/>
        <source>&lt;b&gt;Timeline keys&lt;/b&gt;&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;td&gt;W / S&lt;/td&gt;&lt;td&gt;zoom in / out at the mouse&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;A / D&lt;/td&gt;&lt;td&gt;pan left / right&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+wheel&lt;/td&gt;&lt;td&gt;zoom at the mouse&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;drag&lt;/td&gt;&lt;td&gt;pan&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Shift+drag, drag on the ruler&lt;/td&gt;&lt;td&gt;select a time range&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;F&lt;/td&gt;&lt;td&gt;zoom to the selection&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;0 / Home&lt;/td&gt;&lt;td&gt;show the whole session&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;M&lt;/td&gt;&lt;td&gt;mark the selection (kept in the project)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;click&lt;/td&gt;&lt;td&gt;select a task: details below&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Left / Right&lt;/td&gt;&lt;td&gt;previous / next event on the current lane&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Up / Down&lt;/td&gt;&lt;td&gt;current lane&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+Up / Ctrl+Down&lt;/td&gt;&lt;td&gt;move the current lane&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;H / Shift+H&lt;/td&gt;&lt;td&gt;hide the current lane / show all lanes&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;P&lt;/td&gt;&lt;td&gt;pin the current lane to the top&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Space&lt;/td&gt;&lt;td&gt;collapse / expand the current device&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;/ or Ctrl+F&lt;/td&gt;&lt;td&gt;search; Enter / Shift+Enter: next / previous match&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;N / Shift+N&lt;/td&gt;&lt;td&gt;next / previous match&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;C&lt;/td&gt;&lt;td&gt;colour by task type / op type&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Esc&lt;/td&gt;&lt;td&gt;clear the selection, close this list&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;?&lt;/td&gt;&lt;td&gt;show / hide this list&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;b&gt;时间线快捷键&lt;/b&gt;&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;td&gt;W / S&lt;/td&gt;&lt;td&gt;以鼠标位置为中心放大 / 缩小&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;A / D&lt;/td&gt;&lt;td&gt;向左 / 向右平移&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+滚轮&lt;/td&gt;&lt;td&gt;以鼠标位置为中心缩放&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;拖动&lt;/td&gt;&lt;td&gt;平移&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Shift+拖动，在标尺上拖动&lt;/td&gt;&lt;td&gt;选择时间范围&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;F&lt;/td&gt;&lt;td&gt;缩放到所选范围&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;0 / Home&lt;/td&gt;&lt;td&gt;显示整个会话&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;M&lt;/td&gt;&lt;td&gt;标记所选范围（保存在工程中）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;单击&lt;/td&gt;&lt;td&gt;选择任务：详情显示在下方&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Left / Right&lt;/td&gt;&lt;td&gt;当前泳道上的上一个 / 下一个事件&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Up / Down&lt;/td&gt;&lt;td&gt;切换当前泳道&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+Up / Ctrl+Down&lt;/td&gt;&lt;td&gt;移动当前泳道&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;H / Shift+H&lt;/td&gt;&lt;td&gt;隐藏当前泳道 / 显示所有泳道&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;P&lt;/td&gt;&lt;td&gt;将当前泳道固定到顶部&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Space&lt;/td&gt;&lt;td&gt;折叠 / 展开当前设备&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;/ 或 Ctrl+F&lt;/td&gt;&lt;td&gt;搜索；Enter / Shift+Enter：下一个 / 上一个匹配项&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;N / Shift+N&lt;/td&gt;&lt;td&gt;下一个 / 上一个匹配项&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;C&lt;/td&gt;&lt;td&gt;按任务类型 / 算子类型着色&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Esc&lt;/td&gt;&lt;td&gt;清除选择，关闭此列表&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;?&lt;/td&gt;&lt;td&gt;显示 / 隐藏此列表&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="338"/>
        <source>No session open.</source>
        <translation>未打开会话。</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="408"/>
        <source>%1: loading the details of %2 tasks…</source>
        <translation>%1：正在加载 %2 个任务的详情…</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="425"/>
        <source>The details of the session could not be loaded: %1</source>
        <translation>无法加载会话详情：%1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="519"/>
        <source>%1: %2 tasks on %3 devices. Press ? for the keys.</source>
        <translation>%1：%3 个设备上共 %2 个任务。按 ? 查看快捷键。</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="801"/>
        <source>%1 (%2 ns on the device clock)</source>
        <translation>%1（设备时钟 %2 ns）</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="803"/>
        <source>Lane</source>
        <translation>泳道</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="803"/>
        <source>Device %1 · %2 · %3</source>
        <translation>设备 %1 · %2 · %3</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="805"/>
        <location filename="../ui/timeline/timeline_view.cpp" line="1652"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="806"/>
        <location filename="../ui/timeline/timeline_view.cpp" line="1653"/>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="810"/>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="810"/>
        <source>The task could not be read from the project: %1</source>
        <translation>无法从工程中读取该任务：%1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="814"/>
        <source>Op Name</source>
        <translation>Op Name</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="815"/>
        <location filename="../ui/timeline/timeline_view.cpp" line="864"/>
        <source>OP Type</source>
        <translation>OP Type</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="816"/>
        <source>Task Type</source>
        <translation>Task Type</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="817"/>
        <location filename="../ui/timeline/timeline_view.cpp" line="887"/>
        <source>Stream ID</source>
        <translation>Stream ID</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="818"/>
        <location filename="../ui/timeline/timeline_view.cpp" line="888"/>
        <source>Task ID</source>
        <translation>Task ID</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="819"/>
        <source>Batch ID</source>
        <translation>Batch ID</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="820"/>
        <source>Model ID</source>
        <translation>Model ID</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="821"/>
        <location filename="../ui/timeline/timeline_view.cpp" line="859"/>
        <location filename="../ui/timeline/timeline_view.cpp" line="867"/>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="822"/>
        <source>Task Wait (pending)</source>
        <translation>Task Wait（pending）</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="823"/>
        <source>Block Dim</source>
        <translation>Block Dim</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="824"/>
        <source>Input Shapes</source>
        <translation>Input Shapes</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="825"/>
        <source>Input Data Types</source>
        <translation>Input Data Types</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="826"/>
        <source>Input Formats</source>
        <translation>Input Formats</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="827"/>
        <source>Output Shapes</source>
        <translation>Output Shapes</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="828"/>
        <source>Output Data Types</source>
        <translation>Output Data Types</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="829"/>
        <source>Output Formats</source>
        <translation>Output Formats</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="830"/>
        <source>Total Cycles</source>
        <translation>Total Cycles</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="835"/>
        <source>PMU %1</source>
        <translation>PMU %1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="836"/>
        <source>L2 Hit Rate</source>
        <translation>L2 Hit Rate</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="837"/>
        <source>L2 Victim Rate</source>
        <translation>L2 Victim Rate</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="846"/>
        <source>notify_id</source>
        <translation>notify_id</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="847"/>
        <source>duration estimated(us)</source>
        <translation>duration estimated(us)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="848"/>
        <source>stream id</source>
        <translation>stream id</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="849"/>
        <source>task id</source>
        <translation>task id</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="850"/>
        <source>task type</source>
        <translation>task type</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="851"/>
        <source>src rank</source>
        <translation>src rank</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="852"/>
        <source>dst rank</source>
        <translation>dst rank</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="853"/>
        <source>transport type</source>
        <translation>transport type</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="854"/>
        <source>size(Byte)</source>
        <translation>size(Byte)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="855"/>
        <source>data type</source>
        <translation>data type</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="856"/>
        <source>link type</source>
        <translation>link type</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="857"/>
        <source>bandwidth(GB/s)</source>
        <translation>bandwidth(GB/s)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="858"/>
        <source>Plane</source>
        <translation>Plane</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="865"/>
        <source>Size(Byte)</source>
        <translation>Size(Byte)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="866"/>
        <source>Segment</source>
        <translation>分段</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="873"/>
        <source>pid</source>
        <translation>pid</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="874"/>
        <source>tid</source>
        <translation>tid</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="875"/>
        <source>Model Id</source>
        <translation>Model Id</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="877"/>
        <source>category</source>
        <translation>category</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="878"/>
        <source>event_type</source>
        <translation>event_type</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="879"/>
        <source>payload_type</source>
        <translation>payload_type</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="880"/>
        <source>payload_value</source>
        <translation>payload_value</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="881"/>
        <source>message_type</source>
        <translation>message_type</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="889"/>
        <source>Compute_time</source>
        <translation>Compute_time</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="890"/>
        <source>Memcpy_time</source>
        <translation>Memcpy_time</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="891"/>
        <source>Task_time</source>
        <translation>Task_time</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="892"/>
        <source>Dispatch_time</source>
        <translation>Dispatch_time</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="893"/>
        <source>Total_time</source>
        <translation>Total_time</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="898"/>
        <source>Iteration ID</source>
        <translation>Iteration ID</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="899"/>
        <source>FP Start</source>
        <translation>FP Start</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="900"/>
        <source>BP End</source>
        <translation>BP End</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="901"/>
        <source>Iteration End</source>
        <translation>Iteration End</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="902"/>
        <source>FP to BP Time</source>
        <translation>FP to BP Time</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="903"/>
        <source>Iteration Refresh</source>
        <translation>Iteration Refresh</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="905"/>
        <source>Data Aug Bound</source>
        <translation>Data Aug Bound</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="937"/>
        <source>All tasks</source>
        <translation>所有任务</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="937"/>
        <source>%1 in range</source>
        <translation>范围内的 %1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="939"/>
        <source>Task type</source>
        <translation>任务类型</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="944"/>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="944"/>
        <source>(no op type)</source>
        <translation>（无算子类型）</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="957"/>
        <source>Overlap Analysis, device %1</source>
        <translation>Overlap Analysis，设备 %1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="986"/>
        <source>loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="992"/>
        <source>invalid pattern</source>
        <translation>无效的模式</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1002"/>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1002"/>
        <source>%1 matches</source>
        <translation>%1 个匹配项</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1012"/>
        <source>%1 of %2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1057"/>
        <source>%1 — %2 to %3 (%4)</source>
        <translation>%1 — %2 至 %3（%4）</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1075"/>
        <source>Select a time range (Shift+drag) or a task before marking it.</source>
        <translation>请先选择时间范围（Shift+拖动）或任务，再进行标记。</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1078"/>
        <source>Mark %1</source>
        <translation>标记 %1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1079"/>
        <source>Marked %1 in the project.</source>
        <translation>已在工程中标记 %1。</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1135"/>
        <source>HCCL</source>
        <translation>HCCL</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1136"/>
        <source>FP/BP</source>
        <translation>FP/BP</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1137"/>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1195"/>
        <source>Iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timeline_view.cpp" line="1240"/>
        <source>Data_aug Bound %1</source>
        <translation>Data_aug Bound %1</translation>
    </message>
</context>
</TS>
