<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <source>The file name does not follow &lt;name&gt;_&lt;YYYYMMDDhhmmss&gt;.&lt;json|csv&gt;; the file was not read.</source>
        <translation>文件名不符合 &lt;name&gt;_&lt;YYYYMMDDhhmmss&gt;.&lt;json|csv&gt; 格式；未读取该文件。</translation>
    </message>
    <message>
        <source>This version does not read &quot;%1&quot; files of the newer layout; the file was not read.</source>
        <translation>当前版本不支持读取新版目录结构中的 &quot;%1&quot; 文件；未读取该文件。</translation>
    </message>
    <message>
        <source>Device %1 was already imported from %2; this copy was not read.</source>
        <translation>设备 %1 已从 %2 导入；未读取此副本。</translation>
    </message>
    <message>
        <source>The file name does not follow &lt;name&gt;_&lt;device&gt;_&lt;model&gt;_&lt;iteration&gt;.&lt;json|csv&gt;; the file was not read.</source>
        <translation>文件名不符合 &lt;name&gt;_&lt;device&gt;_&lt;model&gt;_&lt;iteration&gt;.&lt;json|csv&gt; 格式；未读取该文件。</translation>
    </message>
    <message>
        <source>Unknown file kind &quot;%1&quot;; the file was not read.</source>
        <translation>未知的文件类型 &quot;%1&quot;；未读取该文件。</translation>
    </message>
    <message>
        <source>The file names device %1 but lies in the folder of device %2; it was read as device %2.</source>
        <translation>文件名指明的是设备 %1，但文件位于设备 %2 的文件夹中；已按设备 %2 读取。</translation>
    </message>
    <message>
        <source>Iteration 0 is not valid (iterations count from 1); the file was not read.</source>
        <translation>迭代 0 无效（迭代从 1 开始计数）；未读取该文件。</translation>
    </message>
    <message>
        <source>The device folder holds no timeline or summary files.</source>
        <translation>该设备文件夹中没有 timeline 或 summary 文件。</translation>
    </message>
    <message>
        <source>The file is missing; defaults were used.</source>
        <translation>文件缺失；已使用默认值。</translation>
    </message>
    <message>
        <source>The file cannot be read: %1.</source>
        <translation>无法读取该文件：%1。</translation>
    </message>
    <message>
        <source>The file is not a JSON object (%1); defaults were used.</source>
        <translation>该文件不是 JSON 对象（%1）；已使用默认值。</translation>
    </message>
    <message>
        <source>Import of %1</source>
        <translation>导入自 %1</translation>
    </message>
    <message>
        <source>No op_summary files: op types, tensor shapes and PMU metrics are unknown; block dims were derived from the AI Core times.</source>
        <translation>没有 op_summary 文件：算子类型、张量形状和 PMU 指标未知；Block Dim 已根据 AI Core 耗时推算。</translation>
    </message>
    <message>
        <source>No task_time summary files: launch (pending) times are unknown and read as 0.</source>
        <translation>没有 task_time summary 文件：下发（pending）时间未知，按 0 读取。</translation>
    </message>
    <message>
        <source>No aicpu files: AI CPU op details are not available.</source>
        <translation>没有 aicpu 文件：无法获取 AI CPU 算子详情。</translation>
    </message>
    <message>
        <source>The header lacks Stream ID, Task ID or Task Start Time; the file was not read.</source>
        <translation>表头缺少 Stream ID、Task ID 或 Task Start Time；未读取该文件。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells or a non-numeric stream, task id or start time; the row was skipped.</source>
        <translation>某行的单元格数量不对，或流、Task ID、开始时间不是数字；已跳过该行。</translation>
    </message>
    <message>
        <source>Another row of this file has the same device, stream, task id and start time; this row was skipped.</source>
        <translation>此文件中另有一行的设备、流、Task ID 和开始时间均相同；已跳过此行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells or non-numeric Count, Pending, Task ID or Stream ID; the row was skipped.</source>
        <translation>某行的单元格数量不对，或 Count、Pending、Task ID、Stream ID 不是数字；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells or non-numeric ids or hit rate; the row was skipped.</source>
        <translation>某行的单元格数量不对，或 ID、命中率不是数字；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells, a non-numeric tid or start/end time, or ends before it starts; the row was skipped.</source>
        <translation>某行的单元格数量不对，或 tid、开始/结束时间不是数字，或结束时间早于开始时间；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells or a non-numeric time or id; the row was skipped.</source>
        <translation>某行的单元格数量不对，或时间、ID 不是数字；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells or a non-numeric timestamp or buffer size; the row was skipped.</source>
        <translation>某行的单元格数量不对，或时间戳、缓冲区大小不是数字；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells or a non-numeric model id or memory size; the row was skipped.</source>
        <translation>某行的单元格数量不对，或模型 ID、内存大小不是数字；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells or a non-numeric iteration or time; the row was skipped.</source>
        <translation>某行的单元格数量不对，或迭代、时间不是数字；已跳过该行。</translation>
    </message>
    <message>
        <source>The JSON is broken here (%1); the events before this point were imported, the rest of the file was skipped.</source>
        <translation>JSON 在此处损坏（%1）；此前的事件已导入，文件的其余部分已跳过。</translation>
    </message>
    <message>
        <source> The event was skipped.</source>
        <translation> 已跳过该事件。</translation>
    </message>
    <message>
        <source>Unknown event field &quot;%1&quot; was ignored.</source>
        <translation>已忽略未知的事件字段 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>Unknown lane (process) &quot;%1&quot;; its events were skipped.</source>
        <translation>未知的泳道（进程）&quot;%1&quot;；已跳过其事件。</translation>
    </message>
    <message>
        <source>The event has no pid; it was skipped.</source>
        <translation>该事件没有 pid；已跳过。</translation>
    </message>
    <message>
        <source>The event belongs to no known lane (pid %1); it was skipped.</source>
        <translation>该事件不属于任何已知泳道（pid %1）；已跳过。</translation>
    </message>
    <message>
        <source>Unsupported event phase &quot;%1&quot; on this lane; the event was skipped.</source>
        <translation>此泳道不支持事件阶段（ph）&quot;%1&quot;；已跳过该事件。</translation>
    </message>
    <message>
        <source>The task has no &quot;Task Type&quot;; the event was skipped.</source>
        <translation>该任务没有 &quot;Task Type&quot;；已跳过该事件。</translation>
    </message>
    <message>
        <source>Unknown step trace event &quot;%1&quot;; it was skipped.</source>
        <translation>未知的 step trace 事件 &quot;%1&quot;；已跳过。</translation>
    </message>
    <message>
        <source>Step trace event &quot;%1&quot; disagrees with the same event of another file; the first one was kept.</source>
        <translation>Step trace 事件 &quot;%1&quot; 与另一文件中的同一事件不一致；已保留先读取的那个。</translation>
    </message>
    <message>
        <source>No timeline event matches this row (same stream, task id and start); the row was skipped.</source>
        <translation>时间线中没有与此行匹配的事件（流、Task ID 和开始时间均相同）；已跳过该行。</translation>
    </message>
    <message>
        <source>No timeline event matches this row (same stream, task id and name); its pending time was skipped.</source>
        <translation>时间线中没有与此行匹配的事件（流、Task ID 和名称均相同）；已跳过其 pending 时间。</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) match no AI Core task of the timeline and were skipped.</source>
        <translation>
            <numerusform>有 %n 行与时间线中的任何 AI Core 任务都不匹配，已跳过。</numerusform>
        </translation>
    </message>
    <message>
        <source>Iteration %1 of model %2 has no msprof or task_time timeline: its tasks are missing.</source>
        <translation>模型 %2 的迭代 %1 没有 msprof 或 task_time 时间线：其任务缺失。</translation>
    </message>
    <message>
        <source>Nothing could be imported from %1: every file was unreadable or empty.</source>
        <translation>无法从 %1 导入任何内容：所有文件均无法读取或为空。</translation>
    </message>
    <message>
        <source>The import report could not be stored in the project.</source>
        <translation>无法将导入报告保存到工程中。</translation>
    </message>
    <message>
        <source>%1: no profiler_info_&lt;rank&gt;.json; the rank is unknown and taken as device %2.</source>
        <translation>%1：没有 profiler_info_&lt;rank&gt;.json；rank 未知，按设备 %2 处理。</translation>
    </message>
    <message>
        <source>%1: the text export does not give the chip, its AI Core count or the collection start; they are unknown.</source>
        <translation>%1：文本导出中没有芯片型号、AI Core 数量和采集开始时间；它们未知。</translation>
    </message>
    <message>
        <source>%1: no trace_view.json; host ranges, counters, flows and non-kernel device tasks are not in the input.</source>
        <translation>%1：没有 trace_view.json；输入中没有 Host 侧区间、计数器、连线和非 kernel 的设备任务。</translation>
    </message>
    <message>
        <source>%1: no kernel_details.csv; op types, shapes and PMU metrics of the kernels are not in the input.</source>
        <translation>%1：没有 kernel_details.csv；输入中没有 kernel 的算子类型、形状和 PMU 指标。</translation>
    </message>
    <message>
        <source>This version does not read this file of the framework export; it was not read.</source>
        <translation>当前版本不读取框架导出中的此文件；未读取该文件。</translation>
    </message>
    <message>
        <source>The file is not a JSON object (%1); the rank and configuration it holds are unknown.</source>
        <translation>该文件不是 JSON 对象（%1）；其中的 rank 和配置未知。</translation>
    </message>
    <message>
        <source>Device %1 of this source is device %2 of the session: device ids repeat across the sources (ranks on several hosts).</source>
        <translation>此数据源的设备 %1 在会话中为设备 %2：各数据源的设备 ID 重复（多台主机上的 rank）。</translation>
    </message>
    <message>
        <source>Device %1: the host process id is not given (no info.json).</source>
        <translation>设备 %1：未给出主机进程 ID（没有 info.json）。</translation>
    </message>
    <message>
        <source>Device %1: AI Core count and frequency are not given (no info.json); figures that need them show as unknown.</source>
        <translation>设备 %1：未给出 AI Core 数量和频率（没有 info.json）；依赖它们的数值显示为未知。</translation>
    </message>
    <message>
        <source>A complete (X) event needs ts between 0 and 2^62 ns and dur between 0 and a week; the event was skipped.</source>
        <translation>完整（X）事件需要 0 到 2^62 ns 之间的 ts 和 0 到一周之间的 dur；已跳过该事件。</translation>
    </message>
    <message>
        <source>%1: no device_&lt;id&gt; folders; the devices are those the data names, their facts are unknown.</source>
        <translation>%1：没有 device_&lt;id&gt; 文件夹；设备取自数据中出现的设备，其属性未知。</translation>
    </message>
    <message>
        <source>%1: no op_summary file; op types, shapes and PMU metrics are not in the input.</source>
        <translation>%1：没有 op_summary 文件；输入中没有算子类型、形状和 PMU 指标。</translation>
    </message>
    <message>
        <source>The file is not a JSON object (%1); the facts it holds are unknown.</source>
        <translation>该文件不是 JSON 对象（%1）；其中的属性未知。</translation>
    </message>
    <message>
        <source>Device %1: no info.json; its host process, AI Core count and frequency are unknown unless the data shows them.</source>
        <translation>设备 %1：没有 info.json；除非数据中能看出，否则其主机进程、AI Core 数量和频率未知。</translation>
    </message>
    <message>
        <source>%1: no analysis.db; the step time breakdown and communication statistics are not in the input.</source>
        <translation>%1：没有 analysis.db；输入中没有 step 时间拆解和通信统计。</translation>
    </message>
    <message>
        <source>This version does not read the table %1; its rows were skipped.</source>
        <translation>当前版本不读取表 %1；已跳过其中的行。</translation>
    </message>
    <message>
        <source>%1: no META_DATA table; the schema version is unknown and the tables were read by their column names.</source>
        <translation>%1：没有 META_DATA 表；schema 版本未知，已按列名读取各表。</translation>
    </message>
    <message>
        <source>%1: META_DATA has no SCHEMA_VERSION; the tables were read by their column names.</source>
        <translation>%1：META_DATA 中没有 SCHEMA_VERSION；已按列名读取各表。</translation>
    </message>
    <message>
        <source>The export&apos;s schema version is %1; this version of NPU Scope reads schema 1.x (1.0.0). The file was not read.</source>
        <translation>该导出文件的 schema 版本为 %1；当前版本的 NPU Scope 读取 schema 1.x（1.0.0）。未读取该文件。</translation>
    </message>
    <message>
        <source>%1: the export names no device; the devices are those its rows name.</source>
        <translation>%1：导出文件未列出设备；设备取自其中各行出现的设备。</translation>
    </message>
    <message>
        <source>%1: the export does not give the AI Core count; it is unknown.</source>
        <translation>%1：导出文件中没有 AI Core 数量；它未知。</translation>
    </message>
    <message>
        <source>A step has no valid id or start; it was skipped.</source>
        <translation>某个 step 没有有效的 ID 或开始时间；已跳过。</translation>
    </message>
    <message>
        <source>The table lacks the columns of a task; it was not read.</source>
        <translation>该表缺少任务所需的列；未读取。</translation>
    </message>
    <message>
        <source>The table could not be read: %1.</source>
        <translation>无法读取该表：%1。</translation>
    </message>
    <message>
        <source>A PMU row has no task id, name or value; it was skipped.</source>
        <translation>某个 PMU 行没有任务 ID、名称或数值；已跳过。</translation>
    </message>
    <message>
        <source>A task has a missing or out-of-range time, device, stream or task id; it was skipped.</source>
        <translation>某个任务的时间、设备、流或任务 ID 缺失或超出范围；已跳过。</translation>
    </message>
    <message>
        <source>Reading the table stopped: %1.</source>
        <translation>读取该表中断：%1。</translation>
    </message>
    <message numerus="yes">
        <source>%n PMU row(s) name no kernel task; they were skipped.</source>
        <translation>
            <numerusform>有 %n 个 PMU 行不对应任何 kernel 任务；已跳过。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) describe a task the TASK table does not have; they were skipped.</source>
        <translation>
            <numerusform>有 %n 行描述的任务在 TASK 表中不存在；已跳过。</numerusform>
        </translation>
    </message>
    <message>
        <source>A communication op has no valid start and end; it was skipped.</source>
        <translation>某个通信算子没有有效的开始和结束时间；已跳过。</translation>
    </message>
    <message>
        <source>An API call has no valid start and end; it was skipped.</source>
        <translation>某个 API 调用没有有效的开始和结束时间；已跳过。</translation>
    </message>
    <message>
        <source>A framework range has no valid start and end; it was skipped.</source>
        <translation>某个框架区间没有有效的开始和结束时间；已跳过。</translation>
    </message>
    <message>
        <source>An msproftx event has no valid start and end; it was skipped.</source>
        <translation>某个 msproftx 事件没有有效的开始和结束时间；已跳过。</translation>
    </message>
    <message>
        <source>A sample has no valid device, time or value; it was skipped.</source>
        <translation>某个采样点没有有效的设备、时间或数值；已跳过。</translation>
    </message>
    <message>
        <source>A memory record has no valid time or device; it was skipped.</source>
        <translation>某条内存记录没有有效的时间或设备；已跳过。</translation>
    </message>
    <message>
        <source>An operator allocation has no valid size, time or device; it was skipped.</source>
        <translation>某次算子内存分配没有有效的大小、时间或设备；已跳过。</translation>
    </message>
    <message>
        <source>A communication op has no valid start; it was skipped.</source>
        <translation>某个通信算子没有有效的开始时间；已跳过。</translation>
    </message>
    <message>
        <source>A link has no valid ranks; it was skipped.</source>
        <translation>某条链路没有有效的 rank；已跳过。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells; the row was skipped.</source>
        <translation>某行的单元格数量不对；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has a non-numeric or out-of-range stream, task id, start time or duration; the row was skipped.</source>
        <translation>某行的流、Task ID、开始时间或时长不是数字或超出范围；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells, non-numeric ids, or neither a hit nor a victim rate; the row was skipped.</source>
        <translation>某行的单元格数量不对、ID 不是数字，或既没有命中率也没有 victim 率；已跳过该行。</translation>
    </message>
    <message>
        <source>No kernel of the kernel file has this stream and task id; the row was skipped.</source>
        <translation>kernel 文件中没有此流和 Task ID 的 kernel；已跳过该行。</translation>
    </message>
    <message>
        <source>The task&apos;s stream or task id is out of range; the event was skipped.</source>
        <translation>该任务的流或 Task ID 超出范围；已跳过该事件。</translation>
    </message>
    <message>
        <source>A counter event needs a time between 0 and 2^62 ns; the event was skipped.</source>
        <translation>计数器事件需要 0 到 2^62 ns 之间的时间；已跳过该事件。</translation>
    </message>
    <message>
        <source>A counter event has no numeric value; the event was skipped.</source>
        <translation>计数器事件没有数值；已跳过该事件。</translation>
    </message>
    <message>
        <source>A flow event needs an id and a time between 0 and 2^62 ns; the event was skipped.</source>
        <translation>连线事件需要 ID 和 0 到 2^62 ns 之间的时间；已跳过该事件。</translation>
    </message>
    <message>
        <source>Unsupported event phase &quot;%1&quot;; the event was skipped.</source>
        <translation>不支持的事件阶段（ph）&quot;%1&quot;；已跳过该事件。</translation>
    </message>
    <message>
        <source>Lane &quot;%1&quot; is not read; its events were skipped.</source>
        <translation>不读取泳道 &quot;%1&quot;；已跳过其事件。</translation>
    </message>
    <message>
        <source>The file is larger than %1 MB, too large for a summary; it was not read.</source>
        <translation>该文件大于 %1 MB，作为汇总文件过大；未读取。</translation>
    </message>
    <message>
        <source>The file is not a JSON object (%1); it was not read.</source>
        <translation>该文件不是 JSON 对象（%1）；未读取。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells or a time that is not a number of microseconds below a week; the row was skipped.</source>
        <translation>某行的单元格数量不对，或某个时间不是小于一周的微秒数；已跳过该行。</translation>
    </message>
    <message>
        <source>A communication op has no valid &quot;Communication Time Info&quot; (start and elapse time); it was skipped.</source>
        <translation>某个通信算子没有有效的 &quot;Communication Time Info&quot;（开始时间和耗时）；已跳过。</translation>
    </message>
    <message>
        <source>A link is not named &quot;&lt;source rank&gt;-&lt;destination rank&gt;&quot;; it was skipped.</source>
        <translation>某条链路的名称不是 &quot;&lt;源 rank&gt;-&lt;目的 rank&gt;&quot;；已跳过。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells or no valid timestamp; the row was skipped.</source>
        <translation>某行的单元格数量不对或没有有效的时间戳；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells, a non-numeric size or an invalid time; the row was skipped.</source>
        <translation>某行的单元格数量不对、大小不是数字或时间无效；已跳过该行。</translation>
    </message>
    <message>
        <source>A row has the wrong number of cells, no iteration number or a time that is not a number of microseconds; the row was skipped.</source>
        <translation>该行的单元格数量不对、没有迭代编号，或某个时间不是微秒数；已跳过该行。</translation>
    </message>
    <message>
        <source>The JSON is broken here (%1); the rest of the file was skipped.</source>
        <translation>JSON 在此处损坏（%1）；已跳过文件的其余部分。</translation>
    </message>
</context>
<context>
    <name>Advisor</name>
    <message>
        <source>Training waits for input data</source>
        <translation>训练在等待输入数据</translation>
    </message>
    <message>
        <source>Data Aug Bound (the wait from the previous iteration&apos;s end to FP start) is %1 % of the iteration time: %2 ms of %3 ms per iteration on average.</source>
        <translation>Data Aug Bound（从上一次迭代结束到 FP 开始的等待时间）占迭代时间的 %1 %：平均每次迭代 %3 ms 中有 %2 ms。</translation>
    </message>
    <message>
        <source>The host input pipeline cannot keep up with the device. Raise the dataset&apos;s prefetch buffer and num_parallel_calls of map(), move augmentation to the device or preprocess offline, and cache decoded data where it fits.</source>
        <translation>Host 侧输入流水线跟不上设备的速度。请增大数据集的 prefetch 缓冲区和 map() 的 num_parallel_calls，将数据增强移到设备上执行或改为离线预处理，并在内存允许时缓存解码后的数据。</translation>
    </message>
    <message>
        <source>Device %1 is a straggler</source>
        <translation>设备 %1 是慢卡</translation>
    </message>
    <message>
        <source>Device %1 spends %2 ms per iteration in AI Core tasks, %3 % more than the other devices (median %4 ms). The other devices wait for it in the all-reduce: their NOTIFY_WAIT time is %5 ms per iteration longer than its own, %6 % of the iteration time.</source>
        <translation>设备 %1 每次迭代在 AI Core 任务上耗时 %2 ms，比其他设备（中位数 %4 ms）多 %3 %。其他设备在 all-reduce 中等待该设备：它们每次迭代的 NOTIFY_WAIT 时间比该设备长 %5 ms，占迭代时间的 %6 %。</translation>
    </message>
    <message>
        <source>All devices train at the pace of the slowest one. Check device %1: its health and temperature (npu-smi), its link and cable, other processes on it or its host, and whether its host feeds it data as fast as the others.</source>
        <translation>所有设备都以最慢设备的速度训练。请检查设备 %1：其健康状态和温度（npu-smi）、链路和线缆、该设备或其所在 Host 上的其他进程，以及其 Host 向它供给数据的速度是否与其他设备一样快。</translation>
    </message>
    <message>
        <source>Ops fell back to the AI CPU</source>
        <translation>算子回退到 AI CPU 执行</translation>
    </message>
    <message numerus="yes">
        <source>%n op(s) of type %1 ran on the AI CPU although the type has an AI Core kernel; they take %2 ms per iteration (%3 % of the iteration time), the compute stream waits for them. The longest, %4, takes %5 µs.</source>
        <translation>
            <numerusform>有 %n 个 %1 类型的算子在 AI CPU 上执行，尽管该类型有 AI Core 算子实现；这些算子每次迭代耗时 %2 ms（占迭代时间的 %3 %），计算流需要等待它们。其中耗时最长的 %4 耗时 %5 µs。</numerusform>
        </translation>
    </message>
    <message>
        <source>The AI Core kernel does not accept the op&apos;s input types (usually int64 or double). Cast the inputs to int32 / float16 / float32 before the op (e.g. make labels int32), or register an AI Core (TBE) kernel for the type.</source>
        <translation>AI Core 算子实现不支持该算子的输入类型（通常为 int64 或 double）。请在该算子之前将输入转换为 int32 / float16 / float32（例如将 labels 改为 int32），或为该类型注册 AI Core（TBE）算子实现。</translation>
    </message>
    <message>
        <source>The device idles between kernels (launch-bound)</source>
        <translation>设备在算子之间空闲（launch-bound）</translation>
    </message>
    <message>
        <source>Between FP start and BP end the device computes nothing %1 % of the time (%2 ms per iteration); the median AI Core kernel takes %3 µs, so launching kernels costs more than running them.</source>
        <translation>在 FP 开始到 BP 结束之间，设备有 %1 % 的时间没有执行任何计算（每次迭代 %2 ms）；AI Core 算子耗时的中位数为 %3 µs，因此下发算子的开销比执行算子还大。</translation>
    </message>
    <message>
        <source>The session runs in sess.run mode: every step pays a host round trip.</source>
        <translation>该会话以 sess.run 模式运行：每一步都需要与 Host 往返一次。</translation>
    </message>
    <message>
        <source>Give the device more work per launch: a bigger batch, the Estimator (or iterations_per_loop &gt; 1 with the dataset sunk to the device) instead of op-by-op sess.run calls, and whole-graph (not op-by-op) execution so the host does not dispatch every kernel.</source>
        <translation>让设备每次下发承担更多工作：增大批大小；使用 Estimator（或在数据集下沉到设备时设置 iterations_per_loop &gt; 1），而不是逐算子的 sess.run 调用；并采用整图（而非逐算子）执行，使 Host 无需逐个下发算子。</translation>
    </message>
    <message>
        <source>Communication is not hidden behind computation</source>
        <translation>通信未被计算掩盖</translation>
    </message>
    <message>
        <source>Communication (Not Overlapped) takes %1 % of the iteration time: %2 ms per iteration in which the devices only exchange gradients.</source>
        <translation>Communication (Not Overlapped) 占迭代时间的 %1 %：每次迭代有 %2 ms 设备仅在交换梯度。</translation>
    </message>
    <message>
        <source>Split the gradients into more all-reduce segments (or move the split points) so reduction starts while backward still runs; fuse small gradients into fewer, larger all-reduces; check the link speed between the devices.</source>
        <translation>将梯度切分为更多 all-reduce 分段（或调整切分点），使规约在反向传播仍在进行时就开始；将小梯度融合为数量更少、规模更大的 all-reduce；检查设备之间的链路速率。</translation>
    </message>
    <message>
        <source>%1 (%2 % of AI Core time, %3)</source>
        <translation>%1（占 AI Core 时间的 %2 %，%3）</translation>
    </message>
    <message>
        <source>Convolutions and matrix products are memory-bound</source>
        <translation>卷积和矩阵乘存在访存瓶颈（memory-bound）</translation>
    </message>
    <message>
        <source>Cube op types (convolutions, matrix products) whose memory_bound (mte2_ratio / max(mac_ratio, vec_ratio)) is above %1 take %2 % of the AI Core time (%3 ms per iteration). Largest: %4.</source>
        <translation>memory_bound（mte2_ratio / max(mac_ratio, vec_ratio)）高于 %1 的 Cube 算子类型（卷积、矩阵乘）占 AI Core 时间的 %2 %（每次迭代 %3 ms）。耗时最多的：%4。</translation>
    </message>
    <message>
        <source>These ops wait for data from memory rather than compute: they move many bytes for few multiply-adds (thin channels, batch 1, large weights for one row). Use a bigger batch so weights are reused, fuse them with their neighbours so intermediate tensors stay on chip, retile them to reuse loaded data, and use float16 (mixed precision) to halve the bytes moved.</source>
        <translation>这些算子主要在等待内存数据而非进行计算：它们为少量乘加运算搬运了大量数据（通道数少、batch 为 1、单行数据对应大权重）。请增大批大小以复用权重；将其与相邻算子融合，使中间张量留在片上；重新切分（tiling）以复用已加载的数据；并使用 float16（混合精度）将搬运的数据量减半。</translation>
    </message>
    <message>
        <source>Convolutions and matrix products use the cube unit poorly</source>
        <translation>卷积和矩阵乘对 Cube 单元的利用率低</translation>
    </message>
    <message>
        <source>Cube ops with a mean mac_ratio below %1 take %2 % of the AI Core time (%3 ms per iteration). Largest: %4.</source>
        <translation>平均 mac_ratio 低于 %1 的 Cube 算子占 AI Core 时间的 %2 %（每次迭代 %3 ms）。耗时最多的：%4。</translation>
    </message>
    <message>
        <source>The 16×16×16 cube is mostly idle for these shapes. Use mixed precision (float16 runs the cube at 4× the float32 rate), make channel counts and matrix dimensions multiples of 16, and use a batch large enough to fill the tiles.</source>
        <translation>对于这些形状，16×16×16 的 Cube 单元大部分时间处于空闲状态。请使用混合精度（float16 在 Cube 上的运算速率是 float32 的 4 倍），使通道数和矩阵维度为 16 的倍数，并使用足够大的批大小以填满分块（tile）。</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>%1 is a straggler: the other ranks wait for it</source>
        <translation>%1 是慢卡：其他 rank 都在等待它</translation>
    </message>
    <message>
        <source>%1 spends %2 % of its wait and transfer time waiting, most of it to synchronise before data moves: %3 ms, %4 % of its step time. %5 waits least (wait ratio %6 %), so it reaches the collectives last.</source>
        <translation>%1 在等待与传输时间中有 %2 % 用于等待，其中大部分是数据传输开始前的同步等待：%3 ms，占其迭代步时间的 %4 %。%5 等待最少（等待比 %6 %），因此它最后到达集合通信。</translation>
    </message>
    <message>
        <source>%1 spends %2 % of its wait and transfer time waiting, most of it to synchronise before data moves: %3 ms, %4 % of its communication time. %5 waits least (wait ratio %6 %), so it reaches the collectives last.</source>
        <translation>%1 在等待与传输时间中有 %2 % 用于等待，其中大部分是数据传输开始前的同步等待：%3 ms，占其通信时间的 %4 %。%5 等待最少（等待比 %6 %），因此它最后到达集合通信。</translation>
    </message>
    <message>
        <source>Balance the work before the collectives: look at what the slow rank computes or loads longer than the others (uneven data shards, dynamic shapes, host-side work, a slower card), and compare its timeline with the waiting rank&apos;s.</source>
        <translation>请均衡集合通信之前的工作量：找出慢卡在计算或加载上比其他 rank 耗时更长的部分（数据分片不均、动态 shape、Host 侧工作、性能较差的卡），并将它的时间线与等待方 rank 的时间线对比。</translation>
    </message>
    <message>
        <source>On device %1, communication that no computation overlaps takes %2 % of the step time: %3 ms of %4 ms per step on average (step breakdown of the profiler).</source>
        <translation>在设备 %1 上，未被任何计算掩盖的通信占迭代步时间的 %2 %：平均每步 %4 ms 中有 %3 ms（来自性能数据的迭代步拆解）。</translation>
    </message>
    <message>
        <source>Let gradients travel while the backward pass still computes: bucket them (DDP bucket_cap_mb, fewer and larger all-reduces), overlap communication with computation, use gradient accumulation to communicate less often, or a larger batch per card so computation outweighs communication.</source>
        <translation>让梯度在反向传播仍在计算时就开始传输：对梯度分桶（DDP 的 bucket_cap_mb，更少、更大的 all-reduce），让通信与计算重叠；使用梯度累积以减少通信次数；或增大每卡的批大小，使计算量超过通信量。</translation>
    </message>
    <message>
        <source>A slow %1 link: rank %2 to rank %3</source>
        <translation>慢速 %1 链路：rank %2 到 rank %3</translation>
    </message>
    <message>
        <source>The %1 link from rank %2 to rank %3 reaches %4 GB/s, %5 % of the median of the session&apos;s %6 %1 links (%7 GB/s). Slow %1 links lose %8 ms, %9 % of the %1 transfer time.</source>
        <translation>从 rank %2 到 rank %3 的 %1 链路带宽为 %4 GB/s，仅为本会话 %6 条 %1 链路中位数（%7 GB/s）的 %5 %。慢速 %1 链路损失了 %8 ms，占 %1 传输时间的 %9 %。</translation>
    </message>
    <message>
        <source>Check this link&apos;s health and configuration (HCCS or PCIe lanes, RoCE switch ports and their flow control), and whether other traffic shares it. Many small packets also lower a link&apos;s bandwidth: fewer, larger transfers help.</source>
        <translation>请检查该链路的健康状态和配置（HCCS 或 PCIe 通道、RoCE 交换机端口及其流控），以及是否有其他流量共享该链路。大量小包也会降低链路带宽：更少、更大的传输会有所帮助。</translation>
    </message>
    <message>
        <source>task_trace was off, so no device task was recorded.</source>
        <translation>task_trace 处于关闭状态，因此没有记录任何设备任务。</translation>
    </message>
    <message>
        <source>The session has no device tasks.</source>
        <translation>该会话没有设备任务。</translation>
    </message>
    <message>
        <source>training_trace was off, so no step trace (and no Data Aug Bound) was recorded.</source>
        <translation>training_trace 处于关闭状态，因此没有记录迭代轨迹（也没有 Data Aug Bound）。</translation>
    </message>
    <message>
        <source>No step trace with a Data Aug Bound was recorded.</source>
        <translation>没有记录带 Data Aug Bound 的迭代轨迹。</translation>
    </message>
    <message>
        <source>aic_metrics was %1, which does not record mte2_ratio with mac_ratio or vec_ratio (PipeUtilization does).</source>
        <translation>aic_metrics 为 %1，它不记录 mte2_ratio 以及 mac_ratio 或 vec_ratio（PipeUtilization 会记录）。</translation>
    </message>
    <message>
        <source>The tasks carry no mte2_ratio with mac_ratio or vec_ratio.</source>
        <translation>任务中没有 mte2_ratio 以及 mac_ratio 或 vec_ratio。</translation>
    </message>
    <message>
        <source>aic_metrics was %1, which does not record mac_ratio (PipeUtilization does).</source>
        <translation>aic_metrics 为 %1，它不记录 mac_ratio（PipeUtilization 会记录）。</translation>
    </message>
    <message>
        <source>The tasks carry no mac_ratio.</source>
        <translation>任务中没有 mac_ratio。</translation>
    </message>
    <message>
        <source>hccl was off, so no collective communication was recorded.</source>
        <translation>hccl 处于关闭状态，因此没有记录集合通信。</translation>
    </message>
    <message>
        <source>No collective communication was recorded.</source>
        <translation>没有记录集合通信。</translation>
    </message>
    <message>
        <source>The recording stopped after %1 of the %2 iterations asked for; the findings describe those only.</source>
        <translation>录制在请求的 %2 次迭代中的第 %1 次后停止；结论只描述这些迭代。</translation>
    </message>
    <message>
        <source>The recording did not end normally; the findings describe what was recorded.</source>
        <translation>录制没有正常结束；结论只描述已记录的内容。</translation>
    </message>
    <message>
        <source>Pipeline stages wait for each other (pipeline bubble)</source>
        <translation>流水线各 stage 互相等待（流水线气泡）</translation>
    </message>
    <message>
        <source>The stages spend %1 % of the iteration time in pipeline receives (Bubble): %2 ms per iteration in which a stage waits for the activations or gradients of its neighbour.</source>
        <translation>各 stage 在流水线接收（Bubble）中花费了迭代时间的 %1 %：每次迭代有 %2 ms，stage 在等待相邻 stage 的激活或梯度。</translation>
    </message>
    <message>
        <source>With the 1F1B schedule (p − 1)/(m + p − 1) of a step is bubble for p stages and m micro-batches: raise the number of micro-batches per step (a smaller micro-batch at the same global batch), use fewer pipeline stages, or an interleaved (virtual pipeline) schedule; balance the layers so no stage is slower than the others.</source>
        <translation>在 1F1B 调度下，p 个 stage、m 个 micro-batch 时，每步有 (p − 1)/(m + p − 1) 是气泡：请增加每步的 micro-batch 数（在相同全局 batch 下使用更小的 micro-batch）、减少流水线 stage 数，或使用交错（虚拟流水线）调度；并均衡各层的划分，使没有 stage 比其他 stage 慢。</translation>
    </message>
    <message>
        <source>Tensor-parallel communication is not overlapped</source>
        <translation>张量并行通信未被掩盖</translation>
    </message>
    <message>
        <source>The collectives inside the layers take %1 ms per iteration, %2 % of it while nothing computes: %3 % of the iteration time.</source>
        <translation>层内集合通信每次迭代耗时 %1 ms，其中 %2 % 发生在没有任何计算的时候：占迭代时间的 %3 %。</translation>
    </message>
    <message>
        <source>Overlap the tensor-parallel all-gather / reduce-scatter with the matrix products (MindSpeed&apos;s --use-ascend-mc2 or tensor-parallel communication overlap), use sequence parallelism, or lower the tensor-parallel size so each rank computes more per byte sent.</source>
        <translation>让张量并行的 all-gather / reduce-scatter 与矩阵乘重叠（MindSpeed 的 --use-ascend-mc2 或张量并行通信掩盖），使用序列并行，或降低张量并行规模，使每个 rank 每发送一个字节能做更多计算。</translation>
    </message>
</context>
<context>
    <name>ChartData</name>
    <message>
        <source>Task timings were not recorded: enable task_trace (and task_time) in the profiling options.</source>
        <translation>未记录任务耗时：请在 Profiling 选项中开启 task_trace（以及 task_time）。</translation>
    </message>
    <message>
        <source>The selection has no AI Core or AI CPU task.</source>
        <translation>当前选择中没有 AI Core 或 AI CPU 任务。</translation>
    </message>
    <message>
        <source>The AI Core pipe ratios need aic_metrics = PipeUtilization; this session recorded %1. Record a session with PipeUtilization to see them.</source>
        <translation>AI Core 流水线占比需要 aic_metrics = PipeUtilization；该会话记录的是 %1。请使用 PipeUtilization 记录会话以查看流水线占比。</translation>
    </message>
    <message>
        <source>No AI Core task in the selection has pipe ratios (aic_metrics = PipeUtilization with task_time on records them).</source>
        <translation>当前选择中没有带流水线占比的 AI Core 任务（在 task_time 开启时使用 aic_metrics = PipeUtilization 才会记录）。</translation>
    </message>
    <message>
        <source>L2 cache was not recorded: enable l2 in the profiling options.</source>
        <translation>未记录 L2 Cache：请在 Profiling 选项中开启 l2。</translation>
    </message>
    <message>
        <source>No AI Core task in the selection has an L2 hit rate.</source>
        <translation>当前选择中没有带 L2 命中率的 AI Core 任务。</translation>
    </message>
    <message>
        <source>HCCL was not recorded: enable hccl in the profiling options.</source>
        <translation>未记录 HCCL：请在 Profiling 选项中开启 hccl。</translation>
    </message>
    <message>
        <source>The selection has no collective communication (it needs more than one device).</source>
        <translation>当前选择中没有集合通信（需要多个设备）。</translation>
    </message>
    <message>
        <source>The step trace was not recorded: enable training_trace in the profiling options.</source>
        <translation>未记录 step trace：请在 Profiling 选项中开启 training_trace。</translation>
    </message>
    <message>
        <source>The selection has no iteration with step-trace markers.</source>
        <translation>当前选择中没有带 step trace 标记的迭代。</translation>
    </message>
    <message>
        <source>The session has no memory records. torch_npu writes them with profile_memory=True (memory_record.csv, operator_memory.csv, npu_module_mem.csv; MEMORY_RECORD, OP_MEMORY and NPU_MODULE_MEM in its database).</source>
        <translation>该会话没有内存记录。torch_npu 在 profile_memory=True 时写出它们（memory_record.csv、operator_memory.csv、npu_module_mem.csv；数据库中为 MEMORY_RECORD、OP_MEMORY 和 NPU_MODULE_MEM）。</translation>
    </message>
    <message>
        <source>Device %1 has no memory records; select another device in the project explorer.</source>
        <translation>设备 %1 没有内存记录；请在工程浏览器中选择其他设备。</translation>
    </message>
    <message>
        <source>Device %1 has no memory records in the selected time range.</source>
        <translation>设备 %1 在所选时间范围内没有内存记录。</translation>
    </message>
    <message>
        <source>Every memory record of device %1 in the selection is 0 (only idle modules).</source>
        <translation>所选范围内设备 %1 的每条内存记录均为 0（只有空闲模块）。</translation>
    </message>
    <message>
        <source>None of the devices picked has memory records; pick one of %1.</source>
        <translation>所选设备都没有内存记录；请从 %1 中选择一个。</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>Run the command again with --upgrade to upgrade the project.</source>
        <translation>请加上 --upgrade 重新运行该命令以升级工程。</translation>
    </message>
    <message>
        <source>Upgraded %1 from schema %2 to schema %3; the original is kept as %4.</source>
        <translation>已将 %1 从 schema %2 升级到 schema %3；原文件保留为 %4。</translation>
    </message>
    <message>
        <source>The profiling options have 1 problem:</source>
        <translation>Profiling 选项有 1 个问题：</translation>
    </message>
    <message>
        <source>The profiling options have %1 problems:</source>
        <translation>Profiling 选项有 %1 个问题：</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Give the profiling options only once: --profiling-options, --options-file or --script.</source>
        <translation>Profiling 选项只能指定一次：--profiling-options、--options-file 和 --script 三者只能选其一。</translation>
    </message>
    <message>
        <source>No profiling options given: use --profiling-options &apos;&lt;json&gt;&apos;, --options-file FILE or --script train.py.</source>
        <translation>未指定 Profiling 选项：请使用 --profiling-options &apos;&lt;json&gt;&apos;、--options-file FILE 或 --script train.py。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Profiling options read from %1, line %2.</source>
        <translation>Profiling 选项读取自 %1 第 %2 行。</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>%1 holds no recorded session to export.</source>
        <translation>%1 中没有可导出的已记录会话。</translation>
    </message>
    <message>
        <source>Exporting: file %1 of %2, %3 written</source>
        <translation>正在导出：第 %1/%2 个文件，已写入 %3</translation>
    </message>
    <message>
        <source>Exported session %1 to %2 (%3 files, %4).</source>
        <translation>已将会话 %1 导出到 %2（%3 个文件，%4）。</translation>
    </message>
    <message>
        <source>The profiling_options JSON string.</source>
        <translation>profiling_options JSON 字符串。</translation>
    </message>
    <message>
        <source>json</source>
        <translation>json</translation>
    </message>
    <message>
        <source>Read the profiling_options JSON from a file.</source>
        <translation>从文件读取 profiling_options JSON。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Read profiling_options from a TensorFlow training script.</source>
        <translation>从 TensorFlow 训练脚本中读取 profiling_options。</translation>
    </message>
    <message>
        <source>train.py</source>
        <translation>train.py</translation>
    </message>
    <message>
        <source>Run &apos;%1 --help&apos; for usage.</source>
        <translation>运行 &apos;%1 --help&apos; 查看用法。</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>Iteration %1 of %2, %3 records, %4 records/s</source>
        <translation>迭代 %1/%2，%3 条记录，%4 条记录/秒</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>What was recorded before the failure is kept in %1 (session %2, marked failed).</source>
        <translation>失败前已记录的数据保存在 %1 中（会话 %2，已标记为失败）。</translation>
    </message>
    <message>
        <source>Cancelled. Session %1 keeps the %2 records recorded so far and is marked cancelled in %3.</source>
        <translation>已取消。会话 %1 保留了目前已记录的 %2 条记录，并在 %3 中标记为已取消。</translation>
    </message>
    <message>
        <source>Model: %1, or the path of a JSON model file (format: docs/emulator.md).</source>
        <translation>模型：%1，或 JSON 模型文件的路径（格式见 docs/emulator.md）。</translation>
    </message>
    <message>
        <source>name|file.json</source>
        <translation>名称|file.json</translation>
    </message>
    <message>
        <source>Batch size per device.</source>
        <translation>每个设备的批大小（batch size）。</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Training iterations.</source>
        <translation>训练迭代次数。</translation>
    </message>
    <message>
        <source>Devices per server (1-8).</source>
        <translation>每台服务器的设备数（1-8）。</translation>
    </message>
    <message>
        <source>Launch mode: estimator or sess.run.</source>
        <translation>启动模式：estimator 或 sess.run。</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Precision: fp32 or mixed.</source>
        <translation>精度：fp32 或 mixed。</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Seed of the modelled jitter (same seed, same records).</source>
        <translation>模拟抖动所用的随机种子（种子相同，记录相同）。</translation>
    </message>
    <message>
        <source>Host input pipeline throughput in samples/s (0 = fast enough).</source>
        <translation>Host 侧输入流水线吞吐量，单位 samples/s（0 = 足够快）。</translation>
    </message>
    <message>
        <source>Device data queue capacity in batches (1-1024); a deep queue absorbs a jittery input pipeline.</source>
        <translation>设备数据队列的容量，以 batch 为单位（1-1024）；较深的队列可以吸收输入流水线的抖动。</translation>
    </message>
    <message>
        <source>Gradient all-reduce segments.</source>
        <translation>梯度 all-reduce 分段数。</translation>
    </message>
    <message>
        <source>names</source>
        <translation>名称列表</translation>
    </message>
    <message>
        <source>Project file to record into (created if missing). Default: &lt;output&gt;/npuscope.npuscope.</source>
        <translation>要记录到的工程文件（不存在时自动创建）。默认：&lt;output&gt;/npuscope.npuscope。</translation>
    </message>
    <message>
        <source>Also export the PROF directory into this folder.</source>
        <translation>同时将 PROF 目录导出到此文件夹。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Unexpected argument: %1</source>
        <translation>意外的参数：%1</translation>
    </message>
    <message>
        <source>--%1 must be a whole number, got &quot;%2&quot;.</source>
        <translation>--%1 必须是整数，实际为 &quot;%2&quot;。</translation>
    </message>
    <message>
        <source>--mode must be &quot;estimator&quot; or &quot;sess.run&quot;, got &quot;%1&quot;.</source>
        <translation>--mode 必须是 &quot;estimator&quot; 或 &quot;sess.run&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>--precision must be &quot;fp32&quot; or &quot;mixed&quot;, got &quot;%1&quot;.</source>
        <translation>--precision 必须是 &quot;fp32&quot; 或 &quot;mixed&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>--seed must be a whole number, got &quot;%1&quot;.</source>
        <translation>--seed 必须是整数，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>--input-rate must be a number of samples per second, got &quot;%1&quot;.</source>
        <translation>--input-rate 必须是表示每秒样本数的数字，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>Export a recorded session as the PROF directory msprof writes.</source>
        <translation>将已记录的会话导出为与 msprof 输出格式相同的 PROF 目录。</translation>
    </message>
    <message>
        <source>Project file.</source>
        <translation>工程文件。</translation>
    </message>
    <message>
        <source>Folder to create the PROF_* directory in.</source>
        <translation>用于创建 PROF_* 目录的文件夹。</translation>
    </message>
    <message>
        <source>Session id (default: the newest).</source>
        <translation>会话 ID（默认：最新的会话）。</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source>Export only this model (graph) id.</source>
        <translation>仅导出此模型（图）ID。</translation>
    </message>
    <message>
        <source>Export only iteration N or the range A-B.</source>
        <translation>仅导出第 N 次迭代或 A-B 范围内的迭代。</translation>
    </message>
    <message>
        <source>N|A-B</source>
        <translation>N|A-B</translation>
    </message>
    <message>
        <source>Export only these devices, comma separated.</source>
        <translation>仅导出这些设备，以逗号分隔。</translation>
    </message>
    <message>
        <source>ids</source>
        <translation>ids</translation>
    </message>
    <message>
        <source>Export only these files, comma separated: %1.</source>
        <translation>仅导出这些文件，以逗号分隔：%1。</translation>
    </message>
    <message>
        <source>export needs --project FILE and --output DIR.</source>
        <translation>export 需要 --project FILE 和 --output DIR。</translation>
    </message>
    <message>
        <source>--session must be a session id (see &apos;npuscope query&apos;), got &quot;%1&quot;.</source>
        <translation>--session 必须是会话 ID（参见 &apos;npuscope query&apos;），实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>--model-id must be a whole number, got &quot;%1&quot;.</source>
        <translation>--model-id 必须是整数，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>--iteration-id must be N or A-B with 1 &lt;= A &lt;= B, got &quot;%1&quot;.</source>
        <translation>--iteration-id 必须是 N 或 A-B（1 &lt;= A &lt;= B），实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>--device must list device ids, got &quot;%1&quot;.</source>
        <translation>--device 必须列出设备 ID，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>Project file (created if missing).</source>
        <translation>工程文件（不存在时自动创建）。</translation>
    </message>
    <message>
        <source>Session name (default: &quot;Import of &lt;folder&gt;&quot;).</source>
        <translation>会话名称（默认：&quot;导入自 &lt;folder&gt;&quot;）。</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>import needs one folder and --project FILE, e.g. &apos;npuscope import PROF_000001_... --project p.npuscope&apos;.</source>
        <translation>import 需要一个文件夹和 --project FILE，例如 &apos;npuscope import PROF_000001_... --project p.npuscope&apos;。</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>Importing: %1 of %2 files, %3 of %4</source>
        <translation>正在导入：第 %1/%2 个文件，%3/%4</translation>
    </message>
    <message>
        <source> (byte %1)</source>
        <translation> (第 %1 字节)</translation>
    </message>
    <message numerus="yes">
        <source> (%n times in this file)</source>
        <translation>
            <numerusform> (在此文件中出现 %n 次)</numerusform>
        </translation>
    </message>
    <message>
        <source>Imported %1 (%2 layout, %3 files, %4) into session %5 of %6.</source>
        <translation>已将 %1（%2 目录结构，%3 个文件，%4）导入到 %6 的会话 %5 中。</translation>
    </message>
    <message>
        <source>Events and rows: %1 read, %2 imported, %3 duplicates of other files, %4 derived (recomputed on export), %5 skipped.</source>
        <translation>事件和行：读取 %1，导入 %2，与其他文件重复 %3，派生 %4（导出时重新计算），跳过 %5。</translation>
    </message>
    <message>
        <source>Not in the input: %1</source>
        <translation>输入中不包含：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) were found; they are listed above and stored with the session.</source>
        <translation>
            <numerusform>发现 %n 个问题；已在上方列出，并随会话一起保存。</numerusform>
        </translation>
    </message>
    <message>
        <source>List the sessions, devices, models, iterations and record counts of a project.</source>
        <translation>列出工程中的会话、设备、模型、迭代和记录数。</translation>
    </message>
    <message>
        <source>Output format: text or json.</source>
        <translation>输出格式：text 或 json。</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>query needs --project FILE.</source>
        <translation>query 需要 --project FILE。</translation>
    </message>
    <message>
        <source>--format must be &quot;text&quot; or &quot;json&quot;, got &quot;%1&quot;.</source>
        <translation>--format 必须是 &quot;text&quot; 或 &quot;json&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>Validate profiling_options like the real collector; list every problem.</source>
        <translation>按真实采集器的规则校验 profiling_options，并列出所有问题。</translation>
    </message>
    <message>
        <source>check-options takes one JSON string; quote it in the shell.</source>
        <translation>check-options 只接受一个 JSON 字符串；请在 shell 中用引号将其括起。</translation>
    </message>
    <message>
        <source>The profiling options are valid.</source>
        <translation>Profiling 选项有效。</translation>
    </message>
    <message>
        <source>Record a small demo session (ResNet-50, 2 devices) and export it.</source>
        <translation>记录一个小型演示会话（ResNet-50，2 个设备）并将其导出。</translation>
    </message>
    <message>
        <source>Folder for the demo project and export.</source>
        <translation>存放演示工程和导出结果的文件夹。</translation>
    </message>
    <message>
        <source>Demo project: %1</source>
        <translation>演示工程：%1</translation>
    </message>
    <message>
        <source>Demo export:  %1</source>
        <translation>演示导出：%1</translation>
    </message>
    <message>
        <source>Open the project in the GUI with: npuscope %1</source>
        <translation>在图形界面中打开该工程：npuscope %1</translation>
    </message>
    <message>
        <source>The project %1 holds no session.</source>
        <translation>工程 %1 中没有会话。</translation>
    </message>
    <message>
        <source>CRITICAL</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Find what limits training speed in a recorded session (the advisor&apos;s rules: input-bound, straggler, aicpu-fallback, launch-bound, comm-not-overlapped, memory-bound, low-cube-utilization; see docs/analysis.md).</source>
        <translation>找出已记录会话中限制训练速度的因素（专家建议规则：input-bound、straggler、aicpu-fallback、launch-bound、comm-not-overlapped、memory-bound、low-cube-utilization；参见 docs/analysis.md）。</translation>
    </message>
    <message>
        <source>analyze needs --project FILE.</source>
        <translation>analyze 需要 --project FILE。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Session %1 (%2)</source>
        <translation>会话 %1（%2）</translation>
    </message>
    <message>
        <source>No performance problems found.</source>
        <translation>未发现性能问题。</translation>
    </message>
    <message>
        <source>Suggestion: %1</source>
        <translation>建议：%1</translation>
    </message>
    <message>
        <source>Compare two recorded sessions: op time per iteration per device by op type, and the step-trace means. A and B are project[:session] (default: the newest session).</source>
        <translation>比较两个已记录的会话：按算子类型统计的每设备每次迭代的算子耗时，以及 step trace 各阶段的平均值。A 和 B 的格式为 project[:session]（默认：最新的会话）。</translation>
    </message>
    <message>
        <source>The baseline: project[:session].</source>
        <translation>基线：project[:session]。</translation>
    </message>
    <message>
        <source>The run to compare: project[:session].</source>
        <translation>要比较的会话：project[:session]。</translation>
    </message>
    <message>
        <source>Output format: text, json or csv.</source>
        <translation>输出格式：text、json 或 csv。</translation>
    </message>
    <message>
        <source>diff needs two runs, A and B, each project[:session].</source>
        <translation>diff 需要两个会话 A 和 B，格式均为 project[:session]。</translation>
    </message>
    <message>
        <source>--format must be &quot;text&quot;, &quot;json&quot; or &quot;csv&quot;, got &quot;%1&quot;.</source>
        <translation>--format 必须是 &quot;text&quot;、&quot;json&quot; 或 &quot;csv&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not project[:session].</source>
        <translation>&quot;%1&quot; 不是 project[:session] 格式。</translation>
    </message>
    <message>
        <source>A: %1 (session %2)   B: %3 (session %4)</source>
        <translation>A：%1（会话 %2）   B：%3（会话 %4）</translation>
    </message>
    <message>
        <source>Step (mean)</source>
        <translation>阶段（平均）</translation>
    </message>
    <message>
        <source>A (ms)</source>
        <translation>A (ms)</translation>
    </message>
    <message>
        <source>B (ms)</source>
        <translation>B (ms)</translation>
    </message>
    <message>
        <source>Δ (ms)</source>
        <translation>Δ (ms)</translation>
    </message>
    <message>
        <source>Δ %</source>
        <translation>Δ %</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Count A</source>
        <translation>次数 A</translation>
    </message>
    <message>
        <source>Count B</source>
        <translation>次数 B</translation>
    </message>
    <message>
        <source>A (µs/iter)</source>
        <translation>A (µs/迭代)</translation>
    </message>
    <message>
        <source>B (µs/iter)</source>
        <translation>B (µs/迭代)</translation>
    </message>
    <message>
        <source>Δ (µs/iter)</source>
        <translation>Δ (µs/迭代)</translation>
    </message>
    <message>
        <source>Largest regressions: %1</source>
        <translation>劣化最大的算子类型：%1</translation>
    </message>
    <message>
        <source>Run one read-only SQL query over a project (see --schema for the tables). Writes are refused; the project is never changed.</source>
        <translation>对工程执行一条只读 SQL 查询（表结构见 --schema）。写操作会被拒绝；工程永远不会被修改。</translation>
    </message>
    <message>
        <source>One SELECT statement (quote it in the shell).</source>
        <translation>一条 SELECT 语句（请在 shell 中用引号括起）。</translation>
    </message>
    <message>
        <source>Output format: csv or json.</source>
        <translation>输出格式：csv 或 json。</translation>
    </message>
    <message>
        <source>List every table and column with what it holds, then exit.</source>
        <translation>列出所有表和列及其内容说明，然后退出。</translation>
    </message>
    <message>
        <source>sql needs --project FILE and one query.</source>
        <translation>sql 需要 --project FILE 和一条查询语句。</translation>
    </message>
    <message>
        <source>--format must be &quot;csv&quot; or &quot;json&quot;, got &quot;%1&quot;.</source>
        <translation>--format 必须是 &quot;csv&quot; 或 &quot;json&quot;，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>There is no display for the GUI (DISPLAY is not set). Use a command instead, for example &apos;npuscope demo&apos; or &apos;npuscope query --project %1&apos;.</source>
        <translation>没有可用于图形界面的显示环境（未设置 DISPLAY）。请改用命令，例如 &apos;npuscope demo&apos; 或 &apos;npuscope query --project %1&apos;。</translation>
    </message>
    <message>
        <source>Unknown command or file &quot;%1&quot;. Run &apos;npuscope --help&apos; for the commands.</source>
        <translation>未知的命令或文件 &quot;%1&quot;。运行 &apos;npuscope --help&apos; 查看可用命令。</translation>
    </message>
    <message>
        <source>Date the collection as starting at this ISO 8601 time (e.g. 2024-05-17T09:30:00Z) instead of now, for byte-reproducible output.</source>
        <translation>将采集的开始时间设为此 ISO 8601 时间（例如 2024-05-17T09:30:00Z），而非当前时间，以得到逐字节可复现的输出。</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Import profiler output into a project: msprof&apos;s PROF_* folders (legacy and newer layout), torch_npu or MindSpore *_ascend_pt / *_ascend_ms folders (text or SQLite export), msprof_*.db files, or a folder holding several of them (one per rank): everything found is imported into one session, one device per rank.</source>
        <translation>将性能数据导入工程：msprof 的 PROF_* 文件夹（旧版和新版目录结构）、torch_npu 或 MindSpore 的 *_ascend_pt / *_ascend_ms 文件夹（文本或 SQLite 导出）、msprof_*.db 文件，或包含多个上述内容的文件夹（每个 rank 一个）：找到的所有内容都导入同一个会话，每个 rank 一个设备。</translation>
    </message>
    <message>
        <source>The folder (or .db file) to import.</source>
        <translation>要导入的文件夹（或 .db 文件）。</translation>
    </message>
    <message>
        <source>tensorflow (profiling_options, the default) or pytorch (a torch_npu.profiler config: JSON text, a .json file or a training script).</source>
        <translation>tensorflow（profiling_options，默认）或 pytorch（torch_npu.profiler 配置：JSON 文本、.json 文件或训练脚本）。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>--framework is tensorflow or pytorch, not &quot;%1&quot;.</source>
        <translation>--framework 只能是 tensorflow 或 pytorch，不能是“%1”。</translation>
    </message>
    <message>
        <source>Give the torch_npu profiler config once: as JSON text, a JSON file or a training script (or --options-file FILE / --script train.py).</source>
        <translation>请只给出一次 torch_npu 性能分析配置：JSON 文本、JSON 文件或训练脚本（或 --options-file FILE / --script train.py）。</translation>
    </message>
    <message>
        <source>torch_npu profiler config read from %1, line %2.</source>
        <translation>已从 %1 第 %2 行读取 torch_npu 性能分析配置。</translation>
    </message>
    <message>
        <source>Error: %1%2</source>
        <translation>错误：%1%2</translation>
    </message>
    <message>
        <source>Warning: %1%2</source>
        <translation>警告：%1%2</translation>
    </message>
    <message>
        <source>Note: %1%2</source>
        <translation>注意：%1%2</translation>
    </message>
    <message>
        <source>The torch_npu profiler config is not valid: torch_npu would stop on it.</source>
        <translation>torch_npu 性能分析配置无效：torch_npu 会因此停止。</translation>
    </message>
    <message>
        <source>The torch_npu profiler config is valid.</source>
        <translation>torch_npu 性能分析配置有效。</translation>
    </message>
    <message>
        <source>The torch_npu profiler config is valid after torch_npu&apos;s corrections (see the warnings).</source>
        <translation>经 torch_npu 修正后，该性能分析配置有效（见警告）。</translation>
    </message>
    <message>
        <source>Emulate a profiled training session on Ascend 910 or 910B devices and record it into a project.</source>
        <translation>在 Ascend 910 或 910B 设备上仿真一次开启 Profiling 的训练会话，并将其记录到工程中。</translation>
    </message>
    <message>
        <source>Chip: 910 (Ascend 910, 32 AI Cores, servers of two 4-card HCCS groups) or 910B (Ascend 910B, 24 cube + 48 vector cores, 8 cards fully connected by HCCS).</source>
        <translation>芯片：910（Ascend 910，32 个 AI Core，每台服务器由两组 4 卡 HCCS 互联组成）或 910B（Ascend 910B，24 个 Cube 核 + 48 个 Vector 核，8 卡通过 HCCS 全互联）。</translation>
    </message>
    <message>
        <source>chip</source>
        <translation>芯片</translation>
    </message>
    <message>
        <source>--chip must be one of %1, got &quot;%2&quot;.</source>
        <translation>--chip 必须是 %1 之一，实际为“%2”。</translation>
    </message>
    <message>
        <source>emulate a profiled training session and record it into a project</source>
        <translation>仿真一次开启 Profiling 的训练会话，并将其记录到工程中</translation>
    </message>
    <message>
        <source>write a recorded session as a PROF directory (JSON timelines, CSV summaries)</source>
        <translation>将已记录的会话写为 PROF 目录（JSON 时间线、CSV 汇总）</translation>
    </message>
    <message>
        <source>list sessions, devices, models, iterations and record counts</source>
        <translation>列出会话、设备、模型、迭代和记录数</translation>
    </message>
    <message>
        <source>validate a profiling_options string or a training script</source>
        <translation>校验 profiling_options 字符串或训练脚本</translation>
    </message>
    <message>
        <source>record and export a small demo session</source>
        <translation>记录并导出一个小型演示会话</translation>
    </message>
    <message>
        <source>find what limits training speed in a session (advisor findings)</source>
        <translation>找出会话中限制训练速度的因素（专家建议）</translation>
    </message>
    <message>
        <source>compare two sessions: op time per iteration and step times</source>
        <translation>比较两个会话：每次迭代的算子耗时和 step trace 各阶段耗时</translation>
    </message>
    <message>
        <source>run a read-only SQL query over a project (--schema lists the tables)</source>
        <translation>对工程执行只读 SQL 查询（--schema 列出所有表）</translation>
    </message>
    <message>
        <source>NPU Scope %1 - profiler for AI training on Ascend NPUs.</source>
        <translation>NPU Scope %1 - 面向昇腾 NPU 的 AI 训练性能分析工具。</translation>
    </message>
    <message>
        <source>Usage: npuscope [project.npuscope]        open the GUI (needs a display)
       npuscope &lt;command&gt; [options]</source>
        <translation>用法:  npuscope [project.npuscope]        打开图形界面（需要显示环境）
       npuscope &lt;command&gt; [options]</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令:</translation>
    </message>
    <message>
        <source>Options:
  -h, --help     show this help; &apos;npuscope &lt;command&gt; --help&apos; for a command
  -v, --version  show the version
  --upgrade      with a command that opens a project: first upgrade a project written by
                 an older NPU Scope (the original is kept as &lt;project&gt;.v&lt;N&gt;.bak)</source>
        <translation>选项:
  -h, --help     显示本帮助；查看某个命令的帮助请用 &apos;npuscope &lt;command&gt; --help&apos;
  -v, --version  显示版本
  --upgrade      与打开工程的命令一起使用：先升级由旧版本 NPU Scope 写入的工程
                 （原文件保留为 &lt;project&gt;.v&lt;N&gt;.bak）</translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 2 invalid usage or options, 3 not a project, 4 corrupt project,
5 project from a newer version, 6 I/O error, 7 project from an older version (use --upgrade),
130 cancelled.</source>
        <translation>退出码: 0 成功，2 用法或选项无效，3 不是工程文件，4 工程已损坏，
5 工程来自更高版本，6 I/O 错误，7 工程来自旧版本（请使用 --upgrade），
130 已取消。</translation>
    </message>
    <message>
        <source>Checking the integrity of %1 (%2)…</source>
        <translation>正在检查 %1 的完整性（%2）…</translation>
    </message>
    <message>
        <source>First upgrade a project written by an older NPU Scope (the original is kept as &lt;project&gt;.v&lt;N&gt;.bak).</source>
        <translation>先升级由旧版本 NPU Scope 写入的工程（原文件保留为 &lt;project&gt;.v&lt;N&gt;.bak）。</translation>
    </message>
    <message>
        <source>The storage limit aged %1 (%2 bytes) of the oldest records; step traces, fusion-op info, metadata and the newest iteration were kept.</source>
        <translation>存储上限淘汰了最早的 %1（%2 字节）记录；step trace、融合算子信息、元数据和最新一次迭代均已保留。</translation>
    </message>
    <message>
        <source>The results could not be written to the standard output.</source>
        <translation>无法将结果写入标准输出。</translation>
    </message>
    <message>
        <source>read profiler output (msprof, torch_npu, MindSpore; text or SQLite) into a project</source>
        <translation>将性能数据（msprof、torch_npu、MindSpore；文本或 SQLite）读入工程</translation>
    </message>
    <message>
        <source>tensorflow (profiling_options, the default) or pytorch (a torch_npu.profiler config; the chip defaults to 910B).</source>
        <translation>tensorflow（profiling_options，默认）或 pytorch（torch_npu.profiler 配置；芯片默认为 910B）。</translation>
    </message>
    <message>
        <source>The torch_npu.profiler.profile(...) config of a PyTorch run: JSON text, a .json file or a training script.</source>
        <translation>PyTorch 运行的 torch_npu.profiler.profile(...) 配置：JSON 文本、.json 文件或训练脚本。</translation>
    </message>
    <message>
        <source>file|json</source>
        <translation>文件|json</translation>
    </message>
    <message>
        <source>--torch-profiler-config configures a PyTorch run: add --framework pytorch.</source>
        <translation>--torch-profiler-config 用于配置 PyTorch 运行：请加上 --framework pytorch。</translation>
    </message>
    <message>
        <source>--layout must be one of %1, got &quot;%2&quot;.</source>
        <translation>--layout 必须是 %1 之一，实际为“%2”。</translation>
    </message>
    <message>
        <source>The session has no device tasks, so most rules could not run; see below.</source>
        <translation>该会话没有设备任务，因此大多数规则无法运行；见下文。</translation>
    </message>
    <message>
        <source>No performance problems found by the rules that ran.</source>
        <translation>已运行的规则未发现性能问题。</translation>
    </message>
    <message>
        <source>Rules that could not run:</source>
        <translation>无法运行的规则：</translation>
    </message>
    <message>
        <source>Scenario knobs, comma separated: %1.</source>
        <translation>场景开关，以逗号分隔：%1。</translation>
    </message>
    <message>
        <source>check the integrity of a project: header, schema and every page (exit 4 if damaged)</source>
        <translation>检查工程的完整性：文件头、表结构和每一页（损坏时退出码为 4）</translation>
    </message>
    <message>
        <source>Check the integrity of a project: its header, identity and schema, and every page of the file. Nothing stored is changed.</source>
        <translation>检查工程的完整性：文件头、身份标识和表结构，以及文件的每一页。不会改动任何已存储的内容。</translation>
    </message>
    <message>
        <source>check needs a project: npuscope check PROJECT.</source>
        <translation>check 需要指定工程：npuscope check PROJECT。</translation>
    </message>
    <message>
        <source>The project %1 is intact: its header, schema and all %2 were checked.</source>
        <translation>工程 %1 完好：已检查其文件头、表结构及全部 %2。</translation>
    </message>
    <message>
        <source>Its last recording had not finished. It is now marked as closed cleanly, so opening it no longer reads every page.</source>
        <translation>它的上一次录制未能完成。现已将其标记为正常关闭，之后打开时不再逐页读取。</translation>
    </message>
    <message>
        <source>Its last recording has not finished (it may still be running): every open reads all pages until a recording into it finishes or this check is run again while nothing writes.</source>
        <translation>它的上一次录制尚未完成（可能仍在进行）：在向其录制的某次录制完成、或在无人写入时再次运行本检查之前，每次打开都会读取全部页面。</translation>
    </message>
    <message>
        <source>Folder layout of the export: %1 (default torch_npu for PyTorch sessions, else legacy).</source>
        <translation>导出的目录结构：%1（PyTorch 会话默认 torch_npu，其他默认 legacy）。</translation>
    </message>
    <message>
        <source>Servers (1-4; 1-8 for LLM sessions).</source>
        <translation>服务器数（1-4；LLM 会话为 1-8）。</translation>
    </message>
    <message>
        <source>LLM: data-parallel size (devices = dp × tp × pp; --devices/--servers follow unless given).</source>
        <translation>LLM：数据并行规模（设备数 = dp × tp × pp；未指定 --devices/--servers 时随之确定）。</translation>
    </message>
    <message>
        <source>LLM: tensor-parallel size (inside a server).</source>
        <translation>LLM：张量并行规模（在一台服务器内）。</translation>
    </message>
    <message>
        <source>LLM: pipeline-parallel size (stages, 1F1B schedule).</source>
        <translation>LLM：流水线并行规模（stage 数，1F1B 调度）。</translation>
    </message>
    <message>
        <source>LLM: micro-batches per step (--batch is the micro-batch size).</source>
        <translation>LLM：每步的 micro-batch 数（--batch 为 micro-batch 大小）。</translation>
    </message>
    <message>
        <source>LLM: sequence parallelism (all-gather / reduce-scatter instead of all-reduce).</source>
        <translation>LLM：序列并行（用 all-gather / reduce-scatter 代替 all-reduce）。</translation>
    </message>
    <message>
        <source>LLM: transformer layers (default: the preset&apos;s).</source>
        <translation>LLM：Transformer 层数（默认：预设值）。</translation>
    </message>
    <message>
        <source>LLM: hidden size.</source>
        <translation>LLM：隐藏层大小。</translation>
    </message>
    <message>
        <source>LLM: attention heads.</source>
        <translation>LLM：注意力头数。</translation>
    </message>
    <message>
        <source>LLM: FFN (SwiGLU) size.</source>
        <translation>LLM：FFN（SwiGLU）大小。</translation>
    </message>
    <message>
        <source>LLM: vocabulary size.</source>
        <translation>LLM：词表大小。</translation>
    </message>
    <message>
        <source>LLM: sequence length.</source>
        <translation>LLM：序列长度。</translation>
    </message>
    <message>
        <source>The straggler scenario&apos;s slow rank (default: the last).</source>
        <translation>straggler 场景中的慢 rank（默认：最后一个）。</translation>
    </message>
    <message>
        <source>--%1 sets up an LLM session: use it with --model %2.</source>
        <translation>--%1 用于配置 LLM 会话：请与 --model %2 一起使用。</translation>
    </message>
    <message>
        <source>dp × tp × pp = %1 devices do not fill servers of 8: use a multiple of 8 beyond one server.</source>
        <translation>dp × tp × pp = %1 个设备无法填满每台 8 卡的服务器：超过一台服务器时请使用 8 的倍数。</translation>
    </message>
    <message>
        <source>Recorded session %1 (%2, batch %3, %4, %5, %6) into %7: %8 records in %9 s.</source>
        <translation>已将会话 %1（%2，批大小 %3，%4，%5，%6）记录到 %7：共 %8 条记录，用时 %9 秒。</translation>
    </message>
    <message numerus="yes">
        <source>%n iteration(s)</source>
        <translation>
            <numerusform>%n 次迭代</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n 个设备</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CsvReader</name>
    <message>
        <source>Could not open %1: %2.</source>
        <translation>无法打开 %1：%2。</translation>
    </message>
    <message>
        <source>The file ends inside a quoted cell (truncated?).</source>
        <translation>文件在带引号的单元格内结束（可能被截断？）。</translation>
    </message>
    <message>
        <source>A cell is longer than 16 MiB.</source>
        <translation>某个单元格超过 16 MiB。</translation>
    </message>
    <message>
        <source>Reading failed at byte %1: %2.</source>
        <translation>在第 %1 字节处读取失败：%2。</translation>
    </message>
</context>
<context>
    <name>Emulator</name>
    <message>
        <source>The batch size %1 is out of range: it must be between 1 and 4096.</source>
        <translation>批大小 %1 超出范围：必须介于 1 到 4096 之间。</translation>
    </message>
    <message>
        <source>The model &quot;%1&quot; is unknown. Use one of: %2, or the path of a JSON model file.</source>
        <translation>未知的模型 &quot;%1&quot;。请使用以下模型之一：%2，或指定 JSON 模型文件的路径。</translation>
    </message>
    <message>
        <source>The iteration count %1 is out of range: it must be between 1 and 100000.</source>
        <translation>迭代次数 %1 超出范围：必须介于 1 到 100000 之间。</translation>
    </message>
    <message>
        <source>The all-reduce segment count %1 is out of range: it must be between 1 and 64.</source>
        <translation>all-reduce 分段数 %1 超出范围：必须介于 1 到 64 之间。</translation>
    </message>
    <message>
        <source>The input queue depth %1 is out of range: it must be between 1 and 1024 batches.</source>
        <translation>输入队列深度 %1 超出范围：必须介于 1 到 1024 个 batch 之间。</translation>
    </message>
    <message>
        <source>The input rate %1 samples/s is not valid: it must be 0 (fast enough) or a positive number.</source>
        <translation>输入速率 %1 samples/s 无效：必须为 0（足够快）或正数。</translation>
    </message>
    <message>
        <source>The scenario &quot;%1&quot; is unknown. Known scenarios: %2.</source>
        <translation>未知的场景 &quot;%1&quot;。已知场景：%2。</translation>
    </message>
    <message>
        <source>The record store refused a batch of iteration %1.</source>
        <translation>记录存储拒绝了迭代 %1 的一批记录。</translation>
    </message>
    <message>
        <source>The chip &quot;%1&quot; is unknown. Use one of: %2.</source>
        <translation>未知的芯片“%1”。请使用以下之一：%2。</translation>
    </message>
    <message>
        <source>The device count %1 per server is out of range: an Ascend %2 server has 1 to %3 devices.</source>
        <translation>每台服务器的设备数 %1 超出范围：一台 Ascend %2 服务器有 1 到 %3 个设备。</translation>
    </message>
    <message>
        <source>The torch_npu profiler config cannot be used: %1 (%2)</source>
        <translation>无法使用该 torch_npu 性能采集配置：%1（%2）</translation>
    </message>
    <message>
        <source>The server count %1 is out of range: it must be between 1 and %2.</source>
        <translation>服务器数 %1 超出范围：必须在 1 到 %2 之间。</translation>
    </message>
    <message>
        <source>The scenario &quot;%1&quot; needs an LLM session (model %2).</source>
        <translation>场景 &quot;%1&quot; 需要 LLM 会话（模型 %2）。</translation>
    </message>
    <message>
        <source>The scenario &quot;%1&quot; does not apply to an LLM session.</source>
        <translation>场景 &quot;%1&quot; 不适用于 LLM 会话。</translation>
    </message>
    <message>
        <source>The straggler rank %1 does not exist: the session has ranks 0 to %2.</source>
        <translation>straggler rank %1 不存在：该会话的 rank 为 0 到 %2。</translation>
    </message>
    <message>
        <source>The %1 %2 is out of range: it must be between %3 and %4.</source>
        <translation>%1 %2 超出范围：必须在 %3 到 %4 之间。</translation>
    </message>
    <message>
        <source>data-parallel size (--dp)</source>
        <translation>数据并行规模（--dp）</translation>
    </message>
    <message>
        <source>tensor-parallel size (--tp)</source>
        <translation>张量并行规模（--tp）</translation>
    </message>
    <message>
        <source>pipeline-parallel size (--pp)</source>
        <translation>流水线并行规模（--pp）</translation>
    </message>
    <message>
        <source>micro-batch count (--micro-batches)</source>
        <translation>micro-batch 数（--micro-batches）</translation>
    </message>
    <message>
        <source>layer count</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation>隐藏层大小</translation>
    </message>
    <message>
        <source>attention head count</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 大小</translation>
    </message>
    <message>
        <source>vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>dp × tp × pp = %1 × %2 × %3 = %4 devices, but the session has %5 (%6 per server × %7 servers); give matching --devices/--servers or leave them out.</source>
        <translation>dp × tp × pp = %1 × %2 × %3 = %4 个设备，但会话有 %5 个（每台服务器 %6 个 × %7 台服务器）；请给出匹配的 --devices/--servers，或不指定它们。</translation>
    </message>
    <message>
        <source>The tensor-parallel size %1 is larger than a server&apos;s %2 devices: tensor parallelism stays inside a server.</source>
        <translation>张量并行规模 %1 大于一台服务器的 %2 个设备：张量并行只能在一台服务器内。</translation>
    </message>
    <message>
        <source>The hidden size %1 is not a multiple of the head count %2.</source>
        <translation>隐藏层大小 %1 不是注意力头数 %2 的倍数。</translation>
    </message>
    <message>
        <source>The head count %1 is not divisible by the tensor-parallel size %2.</source>
        <translation>注意力头数 %1 不能被张量并行规模 %2 整除。</translation>
    </message>
    <message>
        <source>The FFN size %1 is not divisible by the tensor-parallel size %2.</source>
        <translation>FFN 大小 %1 不能被张量并行规模 %2 整除。</translation>
    </message>
    <message>
        <source>The vocabulary size %1 is not divisible by the tensor-parallel size %2.</source>
        <translation>词表大小 %1 不能被张量并行规模 %2 整除。</translation>
    </message>
    <message>
        <source>The layer count %1 is not divisible by the pipeline-parallel size %2: every stage needs the same number of layers.</source>
        <translation>层数 %1 不能被流水线并行规模 %2 整除：每个 stage 需要相同的层数。</translation>
    </message>
    <message>
        <source>Sequence parallelism needs a tensor-parallel size of at least 2.</source>
        <translation>序列并行要求张量并行规模至少为 2。</translation>
    </message>
    <message>
        <source>With sequence parallelism the tokens of a micro-batch (%1) must be divisible by the tensor-parallel size %2.</source>
        <translation>使用序列并行时，一个 micro-batch 的 token 数（%1）必须能被张量并行规模 %2 整除。</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>HelpDialogs</name>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Tables and SQL</source>
        <translation>表格和 SQL</translation>
    </message>
    <message>
        <source>SQL: run the query (or the selected text)</source>
        <translation>SQL：运行查询（或所选文本）</translation>
    </message>
    <message>
        <source>Tables and SQL results: copy the selected cells</source>
        <translation>表格和 SQL 结果：复制所选单元格</translation>
    </message>
    <message>
        <source>double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <source>Tables: show the row&apos;s task in the timeline</source>
        <translation>表格：在时间线中显示该行的任务</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>NPU Scope User Guide</source>
        <translation>NPU Scope 用户指南</translation>
    </message>
    <message>
        <source>The user guide is missing from this build (docs/user-guide.md).</source>
        <translation>此版本缺少用户指南（docs/user-guide.md）。</translation>
    </message>
</context>
<context>
    <name>ImportContext</name>
    <message>
        <source>The file is empty.</source>
        <translation>文件为空。</translation>
    </message>
    <message>
        <source>The header lacks the column(s) %1; the rows of this file were not read.</source>
        <translation>表头缺少列 %1；未读取此文件中的行。</translation>
    </message>
    <message>
        <source>This is a link to %1, outside the imported folder; it was not read.</source>
        <translation>这是指向 %1 的链接，位于导入的文件夹之外；未读取。</translation>
    </message>
    <message>
        <source>The project could not store the imported records.</source>
        <translation>工程无法保存导入的记录。</translation>
    </message>
    <message>
        <source>The import was cancelled.</source>
        <translation>导入已取消。</translation>
    </message>
    <message>
        <source>The file is not an SQLite database.</source>
        <translation>该文件不是 SQLite 数据库。</translation>
    </message>
    <message>
        <source>The database could not be opened safely: %1.</source>
        <translation>无法安全地打开该数据库：%1。</translation>
    </message>
</context>
<context>
    <name>ImportLayout</name>
    <message>
        <source>The folder is empty.</source>
        <translation>该文件夹为空。</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>以及另外 %1 项</translation>
    </message>
    <message>
        <source>Found there: %1.</source>
        <translation>其中有：%1。</translation>
    </message>
    <message>
        <source>- msprof, legacy layout: PROF_*/device_&lt;id&gt;/timeline and summary (Ascend 910, CANN up to 6)
- msprof, newer layout: PROF_*/mindstudio_profiler_output (CANN 7 and 8)
- torch_npu or MindSpore text export: *_ascend_pt or *_ascend_ms with ASCEND_PROFILER_OUTPUT
- SQLite exports: ascend_pytorch_profiler_&lt;rank&gt;.db (with analysis.db) or msprof_*.db
- a folder holding several of these (one per rank or host)</source>
        <translation>- msprof 旧版目录结构：PROF_*/device_&lt;id&gt;/timeline 和 summary（Ascend 910，CANN 6 及更早）
- msprof 新版目录结构：PROF_*/mindstudio_profiler_output（CANN 7 和 8）
- torch_npu 或 MindSpore 文本导出：带有 ASCEND_PROFILER_OUTPUT 的 *_ascend_pt 或 *_ascend_ms
- SQLite 导出：ascend_pytorch_profiler_&lt;rank&gt;.db（及 analysis.db）或 msprof_*.db
- 包含多个上述内容的文件夹（每个 rank 或主机一个）</translation>
    </message>
    <message>
        <source>No folder to import was given.</source>
        <translation>未指定要导入的文件夹。</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>%1 is a file NPU Scope cannot import by itself; give the folder of the profiler output. NPU Scope reads:
%2</source>
        <translation>%1 是 NPU Scope 无法单独导入的文件；请指定性能数据所在的文件夹。NPU Scope 可读取：
%2</translation>
    </message>
    <message>
        <source>The folder %1 cannot be read (permission denied).</source>
        <translation>无法读取文件夹 %1（权限被拒绝）。</translation>
    </message>
    <message>
        <source>%1 holds no profiler output NPU Scope can read. NPU Scope reads:
%2
%3</source>
        <translation>%1 中没有 NPU Scope 能读取的性能数据。NPU Scope 可读取：
%2
%3</translation>
    </message>
    <message>
        <source>%1 mixes the legacy PROF layout with newer layouts; their times are on different clocks. Import them separately.</source>
        <translation>%1 中混有旧版 PROF 目录结构和新版目录结构；它们的时间基于不同的时钟。请分别导入。</translation>
    </message>
</context>
<context>
    <name>JsonModel</name>
    <message>
        <source>The model file %1 is not valid JSON: %2 at line %3.</source>
        <translation>模型文件 %1 不是有效的 JSON：%2（第 %3 行）。</translation>
    </message>
    <message>
        <source>The model file %1 must hold a JSON object with &quot;input&quot; and &quot;layers&quot;.</source>
        <translation>模型文件 %1 必须包含一个带有 &quot;input&quot; 和 &quot;layers&quot; 的 JSON 对象。</translation>
    </message>
    <message>
        <source>The model file %1 has the unknown key &quot;%2&quot;; known keys: %3.</source>
        <translation>模型文件 %1 包含未知的键 &quot;%2&quot;；已知的键：%3。</translation>
    </message>
    <message>
        <source>The model file %1: &quot;labels&quot; must be &quot;int32&quot; or &quot;int64&quot;, got &quot;%2&quot;.</source>
        <translation>模型文件 %1：&quot;labels&quot; 必须是 &quot;int32&quot; 或 &quot;int64&quot;，实际为 &quot;%2&quot;。</translation>
    </message>
    <message>
        <source>The model file %1 needs a non-empty &quot;layers&quot; array.</source>
        <translation>模型文件 %1 需要一个非空的 &quot;layers&quot; 数组。</translation>
    </message>
    <message>
        <source>a layer must be a JSON object</source>
        <translation>层必须是 JSON 对象</translation>
    </message>
    <message>
        <source>the layer type &quot;%1&quot; is unknown; known types: %2</source>
        <translation>未知的层类型 &quot;%1&quot;；已知类型：%2</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; is not a setting of a %2 layer; its settings: %3</source>
        <translation>键 &quot;%1&quot; 不是 %2 层的设置项；其设置项为：%3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>the layer name &quot;%1&quot; is used twice</source>
        <translation>层名称 &quot;%1&quot; 被使用了两次</translation>
    </message>
    <message>
        <source>it has no layer with weights (conv, dense, embedding or attention), so there is nothing to train</source>
        <translation>模型中没有带权重的层（conv、dense、embedding 或 attention），因此没有可训练的内容</translation>
    </message>
    <message>
        <source>The model file %1, layers[%2] (line %3): %4.</source>
        <translation>模型文件 %1，layers[%2]（第 %3 行）：%4。</translation>
    </message>
    <message>
        <source>The model file %1 cannot be used: %2.</source>
        <translation>无法使用模型文件 %1：%2。</translation>
    </message>
    <message>
        <source>The model file %1: input &quot;%2&quot; must be a whole number from 1 to 1000000.</source>
        <translation>模型文件 %1：input &quot;%2&quot; 必须是 1 到 1000000 之间的整数。</translation>
    </message>
    <message>
        <source>The model file %1 needs an &quot;input&quot; object: {&quot;channels&quot;, &quot;height&quot;, &quot;width&quot;}, {&quot;features&quot;} or {&quot;tokens&quot;}.</source>
        <translation>模型文件 %1 需要一个 &quot;input&quot; 对象：{&quot;channels&quot;, &quot;height&quot;, &quot;width&quot;}、{&quot;features&quot;} 或 {&quot;tokens&quot;}。</translation>
    </message>
    <message>
        <source>The model file %1: &quot;%2&quot; is not an input setting; use channels/height/width, features or tokens.</source>
        <translation>模型文件 %1：&quot;%2&quot; 不是 input 的设置项；请使用 channels/height/width、features 或 tokens。</translation>
    </message>
    <message>
        <source>The model file %1: &quot;input&quot; must give either all of channels, height and width, or features, or tokens.</source>
        <translation>模型文件 %1：&quot;input&quot; 必须同时给出 channels、height 和 width，或者只给出 features，或者只给出 tokens。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is required</source>
        <translation>&quot;%1&quot; 为必填项</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a whole number from %2 to %3</source>
        <translation>&quot;%1&quot; 必须是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be true or false</source>
        <translation>&quot;%1&quot; 必须是 true 或 false</translation>
    </message>
    <message>
        <source>&quot;activation&quot; must be one of %1, got &quot;%2&quot;</source>
        <translation>&quot;activation&quot; 必须是 %1 之一，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>a token input must go through an embedding layer first</source>
        <translation>token 输入必须先经过 embedding 层</translation>
    </message>
    <message>
        <source>a %1×%1 kernel does not fit the %2×%3 input</source>
        <translation>%1×%1 的卷积核不适用于 %2×%3 的输入</translation>
    </message>
    <message>
        <source>a %1×%1 window does not fit the %2×%3 input</source>
        <translation>%1×%1 的窗口不适用于 %2×%3 的输入</translation>
    </message>
    <message>
        <source>an embedding layer needs the token input (&quot;input&quot;: {&quot;tokens&quot;: N}) directly before it</source>
        <translation>embedding 层的前面必须紧接 token 输入（&quot;input&quot;: {&quot;tokens&quot;: N}）</translation>
    </message>
    <message>
        <source>an attention layer needs a token sequence (after an embedding layer)</source>
        <translation>attention 层需要 token 序列（位于 embedding 层之后）</translation>
    </message>
    <message>
        <source>%1 heads do not divide the hidden size %2</source>
        <translation>隐藏层大小 %2 不能被头数 %1 整除</translation>
    </message>
    <message>
        <source>&quot;from&quot; must name an earlier layer (or &quot;input&quot;), got &quot;%1&quot;</source>
        <translation>&quot;from&quot; 必须指定前面的某一层（或 &quot;input&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the output of &quot;%1&quot; (%2×%3×%4) does not match the current shape (%5×%6×%7)</source>
        <translation>&quot;%1&quot; 的输出（%2×%3×%4）与当前形状（%5×%6×%7）不匹配</translation>
    </message>
    <message>
        <source>take_token needs a token sequence</source>
        <translation>take_token 需要 token 序列</translation>
    </message>
    <message>
        <source>gather_positions needs a token sequence</source>
        <translation>gather_positions 需要 token 序列</translation>
    </message>
    <message>
        <source>The model file %1 cannot be read: %2.</source>
        <translation>无法读取模型文件 %1：%2。</translation>
    </message>
</context>
<context>
    <name>JsonPull</name>
    <message>
        <source>Could not open %1: %2.</source>
        <translation>无法打开 %1：%2。</translation>
    </message>
    <message>
        <source>Reading failed at byte %1: %2.</source>
        <translation>在第 %1 字节处读取失败：%2。</translation>
    </message>
    <message>
        <source>The file ends inside a string (truncated?).</source>
        <translation>文件在字符串内结束（可能被截断？）。</translation>
    </message>
    <message>
        <source>A string is longer than %1 MiB.</source>
        <translation>某个字符串超过 %1 MiB。</translation>
    </message>
    <message>
        <source>A control character is not allowed inside a string.</source>
        <translation>字符串中不允许出现控制字符。</translation>
    </message>
    <message>
        <source>A \u escape needs four hex digits.</source>
        <translation>\u 转义需要四位十六进制数字。</translation>
    </message>
    <message>
        <source>Unknown escape \%1 in a string.</source>
        <translation>字符串中有未知的转义 \%1。</translation>
    </message>
    <message>
        <source>A number is too long.</source>
        <translation>数字过长。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number.</source>
        <translation>&quot;%1&quot; 不是数字。</translation>
    </message>
    <message>
        <source>Unexpected character; expected &quot;%1&quot;.</source>
        <translation>意外的字符；应为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>The file is empty.</source>
        <translation>文件为空。</translation>
    </message>
    <message numerus="yes">
        <source>The file ends early: %n container(s) not closed (truncated?).</source>
        <translation>
            <numerusform>文件提前结束：有 %n 个容器未闭合（可能被截断？）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Unexpected data after the end of the JSON value.</source>
        <translation>JSON 值结束后出现意外数据。</translation>
    </message>
    <message>
        <source>Expected &apos;,&apos; or &apos;}&apos; after a value.</source>
        <translation>值之后应为 &apos;,&apos; 或 &apos;}&apos;。</translation>
    </message>
    <message>
        <source>Expected &apos;,&apos; or &apos;]&apos; after a value.</source>
        <translation>值之后应为 &apos;,&apos; 或 &apos;]&apos;。</translation>
    </message>
    <message>
        <source>Expected a quoted key.</source>
        <translation>应为带引号的键。</translation>
    </message>
    <message>
        <source>Expected &apos;:&apos; after the key &quot;%1&quot;.</source>
        <translation>键 &quot;%1&quot; 之后应为 &apos;:&apos;。</translation>
    </message>
    <message>
        <source>Unexpected character &apos;%1&apos; where a value should be.</source>
        <translation>此处应为值，却出现了意外的字符 &apos;%1&apos;。</translation>
    </message>
    <message>
        <source>An element of the event array is not an object.</source>
        <translation>事件数组中的某个元素不是对象。</translation>
    </message>
    <message>
        <source>The field &quot;%1&quot; has the wrong type.</source>
        <translation>字段 &quot;%1&quot; 的类型错误。</translation>
    </message>
    <message>
        <source>The escape \u%1 is half of a UTF-16 pair without its first half; it is no character.</source>
        <translation>转义 \u%1 是缺少前半部分的 UTF-16 代理对的一半，不构成字符。</translation>
    </message>
    <message>
        <source>The escape \u%1 is half of a UTF-16 pair without its second half; it is no character.</source>
        <translation>转义 \u%1 是缺少后半部分的 UTF-16 代理对的一半，不构成字符。</translation>
    </message>
    <message>
        <source>The values are nested deeper than %1 levels.</source>
        <translation>值的嵌套深度超过 %1 层。</translation>
    </message>
    <message>
        <source>The field &quot;%1&quot; (%2 µs) is beyond the largest time NPU Scope can hold (%3 µs).</source>
        <translation>字段 &quot;%1&quot;（%2 µs）超出了 NPU Scope 能表示的最大时间（%3 µs）。</translation>
    </message>
    <message>
        <source>The field &quot;%1&quot; is negative (%2 µs); device times and durations are not.</source>
        <translation>字段 &quot;%1&quot; 为负数（%2 µs）；设备时间和时长不会为负。</translation>
    </message>
    <message>
        <source>The file holds no trace events: it is neither an array nor an object with &quot;traceEvents&quot;.</source>
        <translation>该文件不包含 trace 事件：它既不是数组，也不是带有 &quot;traceEvents&quot; 的对象。</translation>
    </message>
</context>
<context>
    <name>MemoryTrace</name>
    <message>
        <source>The string id %1 was declared out of order (expected %2).</source>
        <translation>字符串 ID %1 的声明顺序错误（应为 %2）。</translation>
    </message>
</context>
<context>
    <name>ProfExporter</name>
    <message>
        <source>Could not create the file %1: %2.</source>
        <translation>无法创建文件 %1：%2。</translation>
    </message>
    <message>
        <source>The file %1 was not open for writing.</source>
        <translation>文件 %1 未以写入方式打开。</translation>
    </message>
    <message>
        <source>Could not write the file %1: %2.</source>
        <translation>无法写入文件 %1：%2。</translation>
    </message>
    <message>
        <source>The export was cancelled.</source>
        <translation>导出已取消。</translation>
    </message>
    <message>
        <source>Unknown export kind &quot;%1&quot;; the kinds are: %2.</source>
        <translation>未知的导出类型 &quot;%1&quot;；可用类型为：%2。</translation>
    </message>
    <message>
        <source>The iteration range %1-%2 is empty: the first iteration is after the last.</source>
        <translation>迭代范围 %1-%2 为空：起始迭代在结束迭代之后。</translation>
    </message>
    <message>
        <source>The session has no device %1.</source>
        <translation>该会话中没有设备 %1。</translation>
    </message>
    <message>
        <source>Nothing to export: no recorded iteration matches the chosen devices, model and iteration range.</source>
        <translation>没有可导出的内容：没有任何已记录的迭代与所选的设备、模型和迭代范围匹配。</translation>
    </message>
    <message>
        <source>No output folder was given for the export.</source>
        <translation>未指定导出的输出文件夹。</translation>
    </message>
    <message>
        <source>The export folder &quot;%1&quot; cannot be used: %2.</source>
        <translation>无法使用导出文件夹 &quot;%1&quot;：%2。</translation>
    </message>
    <message>
        <source>Could not create the output folder %1.</source>
        <translation>无法创建输出文件夹 %1。</translation>
    </message>
    <message>
        <source>The folder %1 already exists; choose another output folder or counter.</source>
        <translation>文件夹 %1 已存在；请选择其他输出文件夹或 PROF 编号。</translation>
    </message>
    <message>
        <source>Could not create the folder %1: %2.</source>
        <translation>无法创建文件夹 %1：%2。</translation>
    </message>
    <message>
        <source>Could not create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Could not rename %1 to %2: %3.</source>
        <translation>无法将 %1 重命名为 %2：%3。</translation>
    </message>
    <message>
        <source>Choosing files by kind is only possible in the legacy layout.</source>
        <translation>只有 legacy 布局可以按类型选择文件。</translation>
    </message>
    <message>
        <source>Could not write the database %1: %2.</source>
        <translation>无法写入数据库 %1：%2。</translation>
    </message>
    <message>
        <source>Could not read the file %1: %2.</source>
        <translation>无法读取文件 %1：%2。</translation>
    </message>
</context>
<context>
    <name>ProfilingOptions</name>
    <message>
        <source>newline (\n)</source>
        <translation>换行符（\n）</translation>
    </message>
    <message>
        <source>form feed (\f)</source>
        <translation>换页符（\f）</translation>
    </message>
    <message>
        <source>carriage return (\r)</source>
        <translation>回车符（\r）</translation>
    </message>
    <message>
        <source>backspace (\b)</source>
        <translation>退格符（\b）</translation>
    </message>
    <message>
        <source>tab (\t)</source>
        <translation>制表符（\t）</translation>
    </message>
    <message>
        <source>vertical tab (\v)</source>
        <translation>垂直制表符（\v）</translation>
    </message>
    <message>
        <source>DEL (0x7F)</source>
        <translation>删除符 DEL（0x7F）</translation>
    </message>
    <message>
        <source>the path is empty</source>
        <translation>路径为空</translation>
    </message>
    <message>
        <source>the path is %1 characters long; a result path may have at most 1024 characters</source>
        <translation>路径长度为 %1 个字符；结果路径最多只能有 1024 个字符</translation>
    </message>
    <message>
        <source>the path contains characters a result path must not contain: %1</source>
        <translation>路径包含结果路径中不允许出现的字符：%1</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot;</source>
        <translation>未知的键 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>key &quot;%1&quot; is given more than once</source>
        <translation>键 &quot;%1&quot; 被重复指定</translation>
    </message>
    <message>
        <source>%1 must be a string (in double quotes), got %2</source>
        <translation>%1 必须是字符串（用双引号括起），实际为 %2</translation>
    </message>
    <message>
        <source>%1 cannot be used together with instr_profiling_freq: instruction sampling excludes task, trace and metric collection</source>
        <translation>%1 不能与 instr_profiling_freq 同时使用：指令采样与任务、轨迹及指标采集互斥</translation>
    </message>
    <message>
        <source>%1 must be &quot;on&quot; or &quot;off&quot;, got &quot;%2&quot;</source>
        <translation>%1 必须是 &quot;on&quot; 或 &quot;off&quot;，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>task_time must be &quot;on&quot;, &quot;off&quot;, &quot;l0&quot; or &quot;l1&quot;, got &quot;%1&quot;</source>
        <translation>task_time 必须是 &quot;on&quot;、&quot;off&quot;、&quot;l0&quot; 或 &quot;l1&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 must be one of ArithmeticUtilization, PipeUtilization, Memory, MemoryL0, MemoryUB, ResourceConflictRatio, got &quot;%2&quot;</source>
        <translation>%1 必须是 ArithmeticUtilization、PipeUtilization、Memory、MemoryL0、MemoryUB、ResourceConflictRatio 之一，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>llc_profiling must be &quot;read&quot; or &quot;write&quot;, got &quot;%1&quot;</source>
        <translation>llc_profiling 必须是 &quot;read&quot; 或 &quot;write&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Result path is empty: output must name a directory.</source>
        <translation>结果路径为空：output 必须指定一个目录。</translation>
    </message>
    <message>
        <source>output is %1 characters long; a result path may have at most 1024 characters</source>
        <translation>output 长度为 %1 个字符；结果路径最多只能有 1024 个字符</translation>
    </message>
    <message>
        <source>output contains characters a result path must not contain: %1</source>
        <translation>output 包含结果路径中不允许出现的字符：%1</translation>
    </message>
    <message>
        <source>storage_limit must end in &quot;MB&quot; (for example &quot;1024MB&quot;), got &quot;%1&quot;</source>
        <translation>storage_limit 必须以 &quot;MB&quot; 结尾（例如 &quot;1024MB&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>storage_limit must give a number of megabytes before &quot;MB&quot; (for example &quot;1024MB&quot;), got &quot;%1&quot;</source>
        <translation>storage_limit 必须在 &quot;MB&quot; 之前给出兆字节数（例如 &quot;1024MB&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>storage_limit must be only digits followed by &quot;MB&quot; (for example &quot;1024MB&quot;), got &quot;%1&quot;</source>
        <translation>storage_limit 只能由数字后接 &quot;MB&quot; 组成（例如 &quot;1024MB&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>storage_limit has more than 10 digits, got &quot;%1&quot;; max value is 4294967295MB</source>
        <translation>storage_limit 的位数超过 10 位，实际为 &quot;%1&quot;；最大值为 4294967295MB</translation>
    </message>
    <message>
        <source>storage_limit &quot;%1&quot; is too small: min value is 200MB</source>
        <translation>storage_limit &quot;%1&quot; 过小：最小值为 200MB</translation>
    </message>
    <message>
        <source>storage_limit &quot;%1&quot; is too large: max value is 4294967295MB</source>
        <translation>storage_limit &quot;%1&quot; 过大：最大值为 4294967295MB</translation>
    </message>
    <message>
        <source>%1 must be a comma-separated list of &quot;cpu&quot; and &quot;mem&quot;, got &quot;%2&quot;</source>
        <translation>%1 必须是由 &quot;cpu&quot; 和 &quot;mem&quot; 组成的逗号分隔列表，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 lists &quot;%2&quot; more than once, got &quot;%3&quot;</source>
        <translation>%1 中 &quot;%2&quot; 出现了多次，实际为 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>%1 must be a whole number from %2 to %3, got &quot;%4&quot;</source>
        <translation>%1 必须是 %2 到 %3 之间的整数，实际为 &quot;%4&quot;</translation>
    </message>
    <message>
        <source>profiling_options is empty; it must be a JSON object such as {&quot;output&quot;:&quot;/tmp/profiling&quot;}</source>
        <translation>profiling_options 为空；它必须是 JSON 对象，例如 {&quot;output&quot;:&quot;/tmp/profiling&quot;}</translation>
    </message>
    <message>
        <source>profiling_options must be a JSON object such as {&quot;output&quot;:&quot;/tmp/profiling&quot;}</source>
        <translation>profiling_options 必须是 JSON 对象，例如 {&quot;output&quot;:&quot;/tmp/profiling&quot;}</translation>
    </message>
    <message>
        <source>profiling_options is not valid JSON: %1 at offset %2</source>
        <translation>profiling_options 不是有效的 JSON：%1（偏移量 %2）</translation>
    </message>
    <message>
        <source>HBM/DDR bandwidth counters</source>
        <translation>HBM/DDR 带宽计数器</translation>
    </message>
    <message>
        <source>NIC/RoCE counters</source>
        <translation>NIC/RoCE 计数器</translation>
    </message>
    <message>
        <source>PCIe/HCCS counters</source>
        <translation>PCIe/HCCS 计数器</translation>
    </message>
    <message>
        <source>DVPP counters</source>
        <translation>DVPP 计数器</translation>
    </message>
    <message>
        <source>host CPU and memory usage</source>
        <translation>Host 侧 CPU 和内存占用</translation>
    </message>
    <message>
        <source>host system usage</source>
        <translation>Host 侧系统占用</translation>
    </message>
    <message>
        <source>host usage sampling</source>
        <translation>Host 侧占用采样</translation>
    </message>
    <message>
        <source>LLC counters</source>
        <translation>LLC 计数器</translation>
    </message>
    <message>
        <source>instruction sampling</source>
        <translation>指令采样</translation>
    </message>
    <message>
        <source>power data</source>
        <translation>功耗数据</translation>
    </message>
    <message>
        <source>vector-core metrics</source>
        <translation>Vector Core 指标</translation>
    </message>
    <message>
        <source>The option %1 (&quot;%2&quot;) was accepted, but the emulator produces no data for it (%3).</source>
        <translation>选项 %1（&quot;%2&quot;）已被接受，但仿真器不会为其生成数据（%3）。</translation>
    </message>
    <message>
        <source>Line %1: a string literal is not terminated, so the script cannot be read past it.</source>
        <translation>第 %1 行：字符串字面量未结束，因此无法继续读取其后的脚本内容。</translation>
    </message>
    <message>
        <source>No profiling_options found in the script. Expected ProfilingConfig(enable_profiling=True, profiling_options=...), custom_op.parameter_map[&quot;profiling_options&quot;].s = tf.compat.as_bytes(...), or the PROFILING_OPTIONS environment variable.</source>
        <translation>脚本中未找到 profiling_options。应使用 ProfilingConfig(enable_profiling=True, profiling_options=...)、custom_op.parameter_map[&quot;profiling_options&quot;].s = tf.compat.as_bytes(...) 或 PROFILING_OPTIONS 环境变量。</translation>
    </message>
    <message>
        <source>Line %1: ProfilingConfig does not set enable_profiling=True, so profiling stays off.</source>
        <translation>第 %1 行：ProfilingConfig 未设置 enable_profiling=True，因此 Profiling 保持关闭。</translation>
    </message>
    <message>
        <source>Line %1: no value is given for the options.</source>
        <translation>第 %1 行：未给出选项的值。</translation>
    </message>
    <message>
        <source>Line %1: the options string is not terminated.</source>
        <translation>第 %1 行：选项字符串未结束。</translation>
    </message>
    <message>
        <source>Line %1: the options are an f-string, which is only known when the script runs; use a plain string literal.</source>
        <translation>第 %1 行：选项是 f-string，其值只有在脚本运行时才能确定；请使用普通字符串字面量。</translation>
    </message>
    <message>
        <source>Line %1: the options come from the variable %2, which is never assigned a string in the script.</source>
        <translation>第 %1 行：选项来自变量 %2，但脚本中从未给该变量赋值字符串。</translation>
    </message>
    <message>
        <source>Line %1: the options are built by a function call (%2(...)), which is only known when the script runs; use a string literal.</source>
        <translation>第 %1 行：选项由函数调用（%2(...)）生成，其值只有在脚本运行时才能确定；请使用字符串字面量。</translation>
    </message>
    <message>
        <source>Line %1: the options are not a string literal or a variable holding one.</source>
        <translation>第 %1 行：选项既不是字符串字面量，也不是保存字符串字面量的变量。</translation>
    </message>
    <message>
        <source>Line %1: ProfilingConfig(...) has no profiling_options argument.</source>
        <translation>第 %1 行：ProfilingConfig(...) 没有 profiling_options 参数。</translation>
    </message>
    <message>
        <source>Line %1: parameter_map[&quot;profiling_mode&quot;] is False, so profiling stays off.</source>
        <translation>第 %1 行：parameter_map[&quot;profiling_mode&quot;] 为 False，因此 Profiling 保持关闭。</translation>
    </message>
    <message>
        <source>Line %1: PROFILING_OPTIONS is set, but PROFILING_MODE is not set to &quot;true&quot; anywhere in the script, so profiling stays off.</source>
        <translation>第 %1 行：已设置 PROFILING_OPTIONS，但脚本中没有任何地方将 PROFILING_MODE 设置为 &quot;true&quot;，因此 Profiling 保持关闭。</translation>
    </message>
    <message>
        <source>Line %1: PROFILING_MODE is &quot;%2&quot;, not exactly &quot;true&quot;, so profiling stays off.</source>
        <translation>第 %1 行：PROFILING_MODE 为 &quot;%2&quot;，并非严格等于 &quot;true&quot;，因此 Profiling 保持关闭。</translation>
    </message>
    <message>
        <source>Line %1: PROFILING_MODE is not a string literal, so NPU Scope cannot tell whether it is &quot;true&quot;; profiling is treated as off.</source>
        <translation>第 %1 行：PROFILING_MODE 不是字符串字面量，NPU Scope 无法判断其是否为 &quot;true&quot;；按 Profiling 关闭处理。</translation>
    </message>
</context>
<context>
    <name>ProjectCopy</name>
    <message>
        <source>Choose a file name to save the project copy as.</source>
        <translation>请选择工程副本的文件名。</translation>
    </message>
    <message>
        <source>The project %1 cannot be saved over itself; choose another file name.</source>
        <translation>工程 %1 不能覆盖保存到自身；请选择其他文件名。</translation>
    </message>
    <message>
        <source>The folder %1 for the project copy could not be created.</source>
        <translation>无法创建工程副本所在的文件夹 %1。</translation>
    </message>
    <message>
        <source>The project %1 stayed busy; try saving the copy again.</source>
        <translation>工程 %1 一直处于忙碌状态；请重新尝试保存副本。</translation>
    </message>
    <message>
        <source>Saving the copy of %1 was cancelled; nothing was written.</source>
        <translation>已取消保存 %1 的副本；未写入任何内容。</translation>
    </message>
    <message>
        <source>The copy of %1 could not be verified: %2</source>
        <translation>无法校验 %1 的副本：%2</translation>
    </message>
    <message>
        <source>The project copy could not be saved as %1: %2.</source>
        <translation>无法将工程副本保存为 %1：%2。</translation>
    </message>
</context>
<context>
    <name>ProjectGuard</name>
    <message>
        <source>process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>process %1 on %2</source>
        <translation>%2 上的进程 %1</translation>
    </message>
    <message>
        <source>%1 is open in another NPU Scope window (%2). It is read-only here: you can look at every session, but marks and lane layouts are not saved in the project from this window. Close it in the other window and reopen it here to write to it.</source>
        <translation>%1 已在另一个 NPU Scope 窗口中打开（%2）。在此窗口中它是只读的：可以查看所有会话，但标记和泳道布局不会从此窗口保存到项目中。请在另一个窗口中关闭它，然后在此处重新打开以写入。</translation>
    </message>
</context>
<context>
    <name>ProjectQuery</name>
    <message>
        <source> (byte %1)</source>
        <translation> (第 %1 字节)</translation>
    </message>
    <message>
        <source>The project %1 holds no sessions.</source>
        <translation>工程 %1 中没有会话。</translation>
    </message>
    <message>
        <source>Session %1 records: %2</source>
        <translation>会话 %1 的记录：%2</translation>
    </message>
    <message>
        <source> (%1 bytes removed by the storage limit)</source>
        <translation> (因存储上限已删除 %1 字节)</translation>
    </message>
    <message>
        <source>Session %1 was imported from %2 (%3 layout): %4 events and rows read, %5 imported, %6 duplicates of other files, %7 derived, %8 skipped.</source>
        <translation>会话 %1 导入自 %2（%3 目录结构）：读取事件和行 %4，导入 %5，与其他文件重复 %6，派生 %7，跳过 %8。</translation>
    </message>
    <message>
        <source>Not in the input: %1</source>
        <translation>输入中不包含：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) found during the import:</source>
        <translation>
            <numerusform>导入过程中发现 %n 个问题：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n times in this file)</source>
        <translation>
            <numerusform> (在此文件中出现 %n 次)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (query --format json lists them all).</source>
        <translation>
            <numerusform>… 另有 %n 个（query --format json 会列出全部）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProjectStore</name>
    <message>
        <source>schema step %1 → %2: %3</source>
        <translation>schema 升级步骤 %1 → %2：%3</translation>
    </message>
    <message>
        <source>The lock file %1 of the project could not be created: %2.</source>
        <translation>无法创建工程的锁文件 %1：%2。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>The project %1 is already being recorded by another NPU Scope process (pid %2). Wait until that recording ends, or record into another project.</source>
        <translation>另一个 NPU Scope 进程（pid %2）正在向工程 %1 记录数据。请等待该记录结束，或记录到其他工程。</translation>
    </message>
    <message>
        <source>The lock file %1 of the project could not be locked: %2.</source>
        <translation>无法锁定工程的锁文件 %1：%2。</translation>
    </message>
    <message>
        <source>The project %1 is in use by another program and cannot be upgraded now; close it there and try again.</source>
        <translation>工程 %1 正被其他程序使用，目前无法升级；请在该程序中关闭工程后重试。</translation>
    </message>
    <message>
        <source>The upgrade of %1 was cancelled; the project is unchanged (schema %2).</source>
        <translation>已取消升级 %1；项目未更改（架构 %2）。</translation>
    </message>
    <message>
        <source>The backup %1 could not be compared with the project: %2.</source>
        <translation>无法将备份 %1 与工程进行比较：%2。</translation>
    </message>
    <message>
        <source>The project %1 was not upgraded: a different file %2 already exists where the original would be kept. Move that file away and try again.</source>
        <translation>工程 %1 未升级：用于保留原文件的位置上已存在另一个文件 %2。请移走该文件后重试。</translation>
    </message>
    <message>
        <source>The project %1 was not upgraded: its backup %2 could not be written (%3).</source>
        <translation>工程 %1 未升级：无法写入其备份 %2（%3）。</translation>
    </message>
    <message>
        <source>The project %1 could not be upgraded (%2); it is unchanged (schema %3) and its backup is %4.</source>
        <translation>无法升级工程 %1（%2）；工程未被修改（schema %3），其备份为 %4。</translation>
    </message>
    <message>
        <source>The project %1 has no session %2.</source>
        <translation>工程 %1 中没有会话 %2。</translation>
    </message>
    <message>
        <source>The folder %1 for the project could not be created.</source>
        <translation>无法创建工程所在的文件夹 %1。</translation>
    </message>
    <message>
        <source>The recording into %1 was started twice.</source>
        <translation>向 %1 的记录被启动了两次。</translation>
    </message>
    <message>
        <source>Records were written to %1 outside of a recording.</source>
        <translation>在记录过程之外向 %1 写入了记录。</translation>
    </message>
    <message>
        <source>The recording into %1 was ended before it began.</source>
        <translation>向 %1 的记录在开始之前就被结束了。</translation>
    </message>
    <message>
        <source>The recording into %1 was ended twice.</source>
        <translation>向 %1 的记录被结束了两次。</translation>
    </message>
    <message>
        <source>A note was written to %1 outside of a recording.</source>
        <translation>在记录过程之外向 %1 写入了备注。</translation>
    </message>
    <message>
        <source>The disk is full: the project %1 could not be written. Everything saved before this point is kept; free some space and try again.</source>
        <translation>磁盘已满：无法写入工程 %1。此前已保存的内容均会保留；请释放部分空间后重试。</translation>
    </message>
    <message>
        <source>A disk error occurred while accessing the project %1 (%2).</source>
        <translation>访问工程 %1 时发生磁盘错误（%2）。</translation>
    </message>
    <message>
        <source>The project %1 cannot be written: the file or its folder is read-only.</source>
        <translation>无法写入工程 %1：文件或其所在文件夹为只读。</translation>
    </message>
    <message>
        <source>Permission denied while accessing the project %1.</source>
        <translation>访问工程 %1 时权限被拒绝。</translation>
    </message>
    <message>
        <source>The project %1 cannot be opened (%2).</source>
        <translation>无法打开工程 %1（%2）。</translation>
    </message>
    <message>
        <source>The project %1 is damaged (%2).</source>
        <translation>工程 %1 已损坏（%2）。</translation>
    </message>
    <message>
        <source>The project %1 is locked by another program (%2).</source>
        <translation>工程 %1 已被其他程序锁定（%2）。</translation>
    </message>
    <message>
        <source>The project %1 could not be accessed: %2.</source>
        <translation>无法访问工程 %1：%2。</translation>
    </message>
    <message>
        <source>The project %1 was changed by another program: it holds the %2, which NPU Scope does not create. It is not opened, so nothing in it can run.</source>
        <translation>工程 %1 已被其他程序修改：其中包含 NPU Scope 不会创建的 %2。为防止其中的内容被执行，未打开该工程。</translation>
    </message>
    <message>
        <source>The project %1 is damaged: the %2 is missing.</source>
        <translation>工程 %1 已损坏：缺少 %2。</translation>
    </message>
    <message>
        <source>Opening %1 was cancelled while its integrity was being checked.</source>
        <translation>在检查 %1 的完整性时取消了打开。</translation>
    </message>
    <message>
        <source>The project %1 was written by an older NPU Scope (schema %2) and must be upgraded to schema %3 before use. Upgrading keeps the original as %4.</source>
        <translation>工程 %1 由旧版本的 NPU Scope 写入（schema %2），使用前必须升级到 schema %3。升级时会将原文件保留为 %4。</translation>
    </message>
    <message>
        <source>The project %1 does not exist.</source>
        <translation>工程 %1 不存在。</translation>
    </message>
    <message>
        <source>%1 is a folder, not an NPU Scope project.</source>
        <translation>%1 是文件夹，而不是 NPU Scope 工程。</translation>
    </message>
    <message>
        <source>The project %1 cannot be read: %2.</source>
        <translation>无法读取工程 %1：%2。</translation>
    </message>
    <message>
        <source>%1 is not an NPU Scope project (not a SQLite database).</source>
        <translation>%1 不是 NPU Scope 工程（不是 SQLite 数据库）。</translation>
    </message>
    <message>
        <source>The project %1 is damaged: the file is cut off inside its header (%2 bytes).</source>
        <translation>工程 %1 已损坏：文件在文件头内被截断（%2 字节）。</translation>
    </message>
    <message>
        <source>The project %1 is damaged: its header is invalid (page size %2).</source>
        <translation>工程 %1 已损坏：文件头无效（页大小 %2）。</translation>
    </message>
    <message>
        <source>%1 is a SQLite database but not an NPU Scope project.</source>
        <translation>%1 是 SQLite 数据库，但不是 NPU Scope 工程。</translation>
    </message>
    <message>
        <source>The project %1 is damaged: the file is cut off (%2 bytes, %3 expected).</source>
        <translation>工程 %1 已损坏：文件被截断（%2 字节，应为 %3 字节）。</translation>
    </message>
    <message>
        <source>The project %1 was written by a newer NPU Scope (schema %2); this version reads up to %3.</source>
        <translation>工程 %1 由更高版本的 NPU Scope 写入（schema %2）；当前版本最高只能读取 schema %3。</translation>
    </message>
    <message>
        <source>The project %1 is damaged: it has no schema version.</source>
        <translation>工程 %1 已损坏：缺少 schema 版本。</translation>
    </message>
    <message>
        <source>The project %1 is being opened for recording by other NPU Scope processes over and over; try again.</source>
        <translation>工程 %1 正被其他 NPU Scope 进程反复打开以进行记录；请重试。</translation>
    </message>
    <message>
        <source>The project %1 is not opened: SQLite did not accept the safety setting %2.</source>
        <translation>未打开工程 %1：SQLite 未接受安全设置 %2。</translation>
    </message>
</context>
<context>
    <name>RunDiff</name>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>FP→BP</source>
        <translation>FP→BP</translation>
    </message>
    <message>
        <source>Iteration Refresh</source>
        <translation>Iteration Refresh</translation>
    </message>
    <message>
        <source>Data Aug Bound</source>
        <translation>Data Aug Bound</translation>
    </message>
</context>
<context>
    <name>SessionEdit</name>
    <message>
        <source>A session needs a name.</source>
        <translation>会话需要一个名称。</translation>
    </message>
    <message>
        <source>The name has %1 characters; a session name has at most %2.</source>
        <translation>该名称有 %1 个字符；会话名称最多 %2 个字符。</translation>
    </message>
    <message>
        <source>A session name cannot hold control characters (line breaks, tabs).</source>
        <translation>会话名称不能包含控制字符（换行符、制表符）。</translation>
    </message>
    <message>
        <source>The session could not be renamed: %1</source>
        <translation>无法重命名会话：%1</translation>
    </message>
    <message>
        <source>the project has no session %1.</source>
        <translation>项目中没有会话 %1。</translation>
    </message>
</context>
<context>
    <name>SessionRemove</name>
    <message>
        <source>The unfinished session could not be removed from %1: another recording is writing into the project.</source>
        <translation>无法从 %1 中删除未完成的会话：另一个记录正在写入该工程。</translation>
    </message>
</context>
<context>
    <name>SessionSpec</name>
    <message>
        <source>The session settings are not valid JSON: %1</source>
        <translation>会话设置不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>The session settings name an unknown launch mode or precision.</source>
        <translation>会话设置中指定了未知的启动模式或精度。</translation>
    </message>
    <message>
        <source>The clock base &quot;%1&quot; is not an ISO 8601 date and time such as 2024-05-17T09:30:00 or 2024-05-17T09:30:00.250000Z.</source>
        <translation>时钟基准“%1”不是 ISO 8601 日期时间，例如 2024-05-17T09:30:00 或 2024-05-17T09:30:00.250000Z。</translation>
    </message>
    <message>
        <source>The session settings name an unknown framework &quot;%1&quot;.</source>
        <translation>会话设置中的框架“%1”未知。</translation>
    </message>
</context>
<context>
    <name>SqlConsole</name>
    <message>
        <source>The project %1 cannot be opened for SQL queries: %2.</source>
        <translation>无法打开工程 %1 进行 SQL 查询：%2。</translation>
    </message>
    <message>
        <source>No project is open for SQL queries.</source>
        <translation>没有打开可供 SQL 查询的工程。</translation>
    </message>
    <message>
        <source>The SQL console is read-only: PRAGMA %1 is refused (only reading pragmas such as table_info are allowed, without a value); the project was not changed.</source>
        <translation>SQL 控制台为只读：已拒绝 PRAGMA %1（只允许不带值的读取类 pragma，例如 table_info）；工程未被修改。</translation>
    </message>
    <message>
        <source>The SQL console is read-only: %1 statements are refused; the project was not changed.</source>
        <translation>SQL 控制台为只读：已拒绝 %1 语句；工程未被修改。</translation>
    </message>
    <message>
        <source>The query cannot run: %1.</source>
        <translation>无法执行查询：%1。</translation>
    </message>
    <message>
        <source>The query is empty: write one SELECT statement.</source>
        <translation>查询为空：请编写一条 SELECT 语句。</translation>
    </message>
    <message>
        <source>Run one statement at a time: the query holds more than one.</source>
        <translation>每次只能执行一条语句：该查询包含多条语句。</translation>
    </message>
    <message>
        <source>The query was interrupted.</source>
        <translation>查询已中断。</translation>
    </message>
    <message>
        <source>The query failed: %1.</source>
        <translation>查询失败：%1。</translation>
    </message>
    <message>
        <source>The project %1 cannot be opened for SQL queries: SQLite did not accept the safety setting %2.</source>
        <translation>无法为 SQL 查询打开工程 %1：SQLite 未接受安全设置 %2。</translation>
    </message>
</context>
<context>
    <name>SqlSchema</name>
    <message>
        <source>sessions.id this row belongs to</source>
        <translation>该行所属的 sessions.id</translation>
    </message>
    <message>
        <source>physical device id (0..N-1)</source>
        <translation>物理设备 ID（0..N-1）</translation>
    </message>
    <message>
        <source>model (graph) id</source>
        <translation>模型（图）ID</translation>
    </message>
    <message>
        <source>iteration number, 1-based</source>
        <translation>迭代序号，从 1 开始</translation>
    </message>
    <message>
        <source>name of the fact</source>
        <translation>键名</translation>
    </message>
    <message>
        <source>its value as text</source>
        <translation>值（文本形式）</translation>
    </message>
    <message>
        <source>One row per recorded or imported session.</source>
        <translation>每个已记录或已导入的会话对应一行。</translation>
    </message>
    <message>
        <source>session id (the --session of the CLI)</source>
        <translation>会话 ID（即命令行的 --session）</translation>
    </message>
    <message>
        <source>name shown to users, e.g. &quot;resnet50 b32 x2&quot;</source>
        <translation>向用户显示的名称，例如 &quot;resnet50 b32 x2&quot;</translation>
    </message>
    <message>
        <source>&quot;emulator&quot; or &quot;import&quot;</source>
        <translation>&quot;emulator&quot; 或 &quot;import&quot;</translation>
    </message>
    <message>
        <source>what was run (model, batch, devices, scenarios) as JSON</source>
        <translation>运行内容（模型、批大小、设备、场景），JSON 格式</translation>
    </message>
    <message>
        <source>the profiling_options string, normalised</source>
        <translation>规范化后的 profiling_options 字符串</translation>
    </message>
    <message>
        <source>emulator seed</source>
        <translation>仿真器随机种子</translation>
    </message>
    <message>
        <source>NPU Scope version that recorded it</source>
        <translation>记录该会话的 NPU Scope 版本</translation>
    </message>
    <message>
        <source>start, µs since the epoch</source>
        <translation>开始时间，自 Unix 纪元起的 µs 数</translation>
    </message>
    <message>
        <source>end, µs since the epoch (0 while running)</source>
        <translation>结束时间，自 Unix 纪元起的 µs 数（运行中为 0）</translation>
    </message>
    <message>
        <source>running, complete, cancelled or failed</source>
        <translation>running、complete、cancelled 或 failed</translation>
    </message>
    <message>
        <source>bytes removed by storage_limit ageing</source>
        <translation>因 storage_limit 老化而删除的字节数</translation>
    </message>
    <message>
        <source>Small documents kept with a session (e.g. the import report).</source>
        <translation>随会话保存的小型文档（例如导入报告）。</translation>
    </message>
    <message>
        <source>name of the note</source>
        <translation>备注名称</translation>
    </message>
    <message>
        <source>the note (JSON or text)</source>
        <translation>备注内容（JSON 或文本）</translation>
    </message>
    <message>
        <source>The devices of a session, with their clocks and core counts.</source>
        <translation>会话中的设备，及其时钟和核数。</translation>
    </message>
    <message>
        <source>physical device id</source>
        <translation>物理设备 ID</translation>
    </message>
    <message>
        <source>collective rank</source>
        <translation>集合通信 rank</translation>
    </message>
    <message>
        <source>pid of the training process on the host</source>
        <translation>Host 上训练进程的 pid</translation>
    </message>
    <message>
        <source>host name</source>
        <translation>主机名</translation>
    </message>
    <message>
        <source>device-monotonic clock at collection start (ns)</source>
        <translation>采集开始时的设备单调时钟（ns）</translation>
    </message>
    <message>
        <source>device-monotonic clock at collection end (ns)</source>
        <translation>采集结束时的设备单调时钟（ns）</translation>
    </message>
    <message>
        <source>collection start, µs since the epoch</source>
        <translation>采集开始时间，自 Unix 纪元起的 µs 数</translation>
    </message>
    <message>
        <source>collection end, µs since the epoch</source>
        <translation>采集结束时间，自 Unix 纪元起的 µs 数</translation>
    </message>
    <message>
        <source>AI Cores of the device</source>
        <translation>设备的 AI Core 数</translation>
    </message>
    <message>
        <source>AI CPU cores of the device</source>
        <translation>设备的 AI CPU 核数</translation>
    </message>
    <message>
        <source>AI Core frequency (MHz)</source>
        <translation>AI Core 频率（MHz）</translation>
    </message>
    <message>
        <source>task scheduler clock (MHz)</source>
        <translation>任务调度器时钟（MHz）</translation>
    </message>
    <message>
        <source>The models (graphs) of a session.</source>
        <translation>会话中的模型（图）。</translation>
    </message>
    <message>
        <source>model id</source>
        <translation>模型 ID</translation>
    </message>
    <message>
        <source>graph name</source>
        <translation>图名称</translation>
    </message>
    <message>
        <source>iterations run</source>
        <translation>已运行的迭代数</translation>
    </message>
    <message>
        <source>Interned text of a session: every *name*/type column of the record tables is an id here (join on session and id).</source>
        <translation>会话的字符串驻留表：记录表中每个 *name*/type 列的值都是此表中的 ID（按 session 和 id 关联）。</translation>
    </message>
    <message>
        <source>string id (per session; 0 = none)</source>
        <translation>字符串 ID（每个会话独立；0 = 无）</translation>
    </message>
    <message>
        <source>the text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Static description of each op of a compiled graph (shared by its tasks).</source>
        <translation>已编译图中每个算子的静态描述（由其任务共享）。</translation>
    </message>
    <message>
        <source>op id (tasks.op)</source>
        <translation>算子 ID（tasks.op）</translation>
    </message>
    <message>
        <source>strings.id of the full scoped op name</source>
        <translation>带完整作用域的算子名称的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the op type, e.g. Conv2D</source>
        <translation>算子类型的 strings.id，例如 Conv2D</translation>
    </message>
    <message>
        <source>strings.id of the input shapes (&quot;32,3,224,224;...&quot;)</source>
        <translation>输入形状的 strings.id（&quot;32,3,224,224;...&quot;）</translation>
    </message>
    <message>
        <source>strings.id of the input data types</source>
        <translation>输入数据类型的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the input formats</source>
        <translation>输入格式的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the output shapes</source>
        <translation>输出形状的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the output data types</source>
        <translation>输出数据类型的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the output formats</source>
        <translation>输出格式的 strings.id</translation>
    </message>
    <message>
        <source>AI Cores the op uses (0 with task_time l0 or on the AI CPU)</source>
        <translation>算子使用的 AI Core 数（task_time 为 l0 或在 AI CPU 上执行时为 0）</translation>
    </message>
    <message>
        <source>1 when the op runs on the AI CPU</source>
        <translation>算子在 AI CPU 上执行时为 1</translation>
    </message>
    <message>
        <source>vector cores of a mixed cube + vector kernel (0 otherwise)</source>
        <translation>Cube + Vector 混合核函数使用的 Vector 核数（其他情况为 0）</translation>
    </message>
    <message>
        <source>strings.id of the accelerator core as the source names it (AI_CORE, AI_VECTOR_CORE, MIX_AIC ...), 0 = not given</source>
        <translation>加速器核类型（按源文件的写法：AI_CORE、AI_VECTOR_CORE、MIX_AIC ……）的 strings.id，0 = 未提供</translation>
    </message>
    <message>
        <source>Names of a session&apos;s PMU metric columns, in the order of task_pmu values (none: the aic_metrics group&apos;s columns).</source>
        <translation>会话的 PMU 指标列名，顺序与 task_pmu 中的值一致（没有时：aic_metrics 指标组的列）。</translation>
    </message>
    <message>
        <source>position in task_pmu.pmu</source>
        <translation>在 task_pmu.pmu 中的位置</translation>
    </message>
    <message>
        <source>column name as the source file names it, e.g. aiv_vec_ratio</source>
        <translation>源文件中的列名，例如 aiv_vec_ratio</translation>
    </message>
    <message>
        <source>Which (device, model, iteration) keys hold records.</source>
        <translation>哪些（设备、模型、迭代）键含有记录。</translation>
    </message>
    <message>
        <source>Number of records per kind of a session.</source>
        <translation>会话中每种记录的数量。</translation>
    </message>
    <message>
        <source>record kind (tasks, hccl_tasks, ...)</source>
        <translation>记录类型（tasks、hccl_tasks、...）</translation>
    </message>
    <message>
        <source>how many</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>stream id</source>
        <translation>stream id</translation>
    </message>
    <message>
        <source>task id on the stream (restarts every iteration)</source>
        <translation>流上的 Task ID（每次迭代重新开始）</translation>
    </message>
    <message>
        <source>batch id</source>
        <translation>Batch ID</translation>
    </message>
    <message>
        <source>start (ns)</source>
        <translation>开始时间（ns）</translation>
    </message>
    <message>
        <source>duration (ns)</source>
        <translation>时长（ns）</translation>
    </message>
    <message>
        <source>host launch to device start (ns)</source>
        <translation>从 Host 下发到设备开始执行的时间（ns）</translation>
    </message>
    <message>
        <source>ops.id for AI Core / AI CPU tasks, 0 otherwise</source>
        <translation>AI Core / AI CPU 任务的 ops.id，其他任务为 0</translation>
    </message>
    <message>
        <source>strings.id of the timeline name (op name or task type)</source>
        <translation>时间线名称（算子名称或任务类型）的 strings.id</translation>
    </message>
    <message>
        <source>AI Core cycles (0 when not recorded)</source>
        <translation>AI Core 周期数（未记录时为 0）</translation>
    </message>
    <message>
        <source>L2 hit rate 0..1, -1 when l2 is off</source>
        <translation>L2 命中率 0..1，l2 关闭时为 -1</translation>
    </message>
    <message>
        <source>L2 victim rate 0..1, -1 when l2 is off</source>
        <translation>L2 替换率 0..1，l2 关闭时为 -1</translation>
    </message>
    <message>
        <source>strings.id of the task type as the source spells it (AI_CORE, KERNEL_AIVEC, Notify Wait, ...)</source>
        <translation>任务类型（按源文件的写法：AI_CORE、KERNEL_AIVEC、Notify Wait ……）的 strings.id</translation>
    </message>
    <message>
        <source>classification of the type: 0 AI_CORE, 1 AI_CPU, 2 EVENT_RECORD, 3 EVENT_WAIT, 4 EVENT_RESET, 5 REDUCE_ASYNC_V2, 6 NOTIFY_WAIT, 7 NOTIFY_RECORD, 8 MEMCPY_ASYNC, 9 AI_VECTOR_CORE, 10 MIX_AIC, 11 MIX_AIV, 12 DMA, 15 other</source>
        <translation>类型的分类：0 AI_CORE，1 AI_CPU，2 EVENT_RECORD，3 EVENT_WAIT，4 EVENT_RESET，5 REDUCE_ASYNC_V2，6 NOTIFY_WAIT，7 NOTIFY_RECORD，8 MEMCPY_ASYNC，9 AI_VECTOR_CORE，10 MIX_AIC，11 MIX_AIV，12 DMA，15 其他</translation>
    </message>
    <message>
        <source>tasks.id</source>
        <translation>tasks.id</translation>
    </message>
    <message>
        <source>little-endian float32 values, one per metric column</source>
        <translation>小端序 float32 值，每个指标列一个</translation>
    </message>
    <message>
        <source>Collective communication ops (HCCL Communication Kernel lane).</source>
        <translation>集合通信算子（HCCL Communication Kernel 泳道）。</translation>
    </message>
    <message>
        <source>strings.id of the op name, e.g. AllReduce-op534_0</source>
        <translation>算子名称的 strings.id，例如 AllReduce-op534_0</translation>
    </message>
    <message>
        <source>strings.id of the op type (AllReduce)</source>
        <translation>算子类型的 strings.id（AllReduce）</translation>
    </message>
    <message>
        <source>payload reduced (bytes)</source>
        <translation>规约的数据量（字节）</translation>
    </message>
    <message>
        <source>gradient segment index</source>
        <translation>梯度分段索引</translation>
    </message>
    <message>
        <source>communication plane</source>
        <translation>通信平面</translation>
    </message>
    <message>
        <source>strings.id of Notify_Wait, Notify_Record, Memcpy, Reduce_Inline</source>
        <translation>Notify_Wait、Notify_Record、Memcpy、Reduce_Inline 的 strings.id</translation>
    </message>
    <message>
        <source>notify id</source>
        <translation>notify ID</translation>
    </message>
    <message>
        <source>estimated duration (µs)</source>
        <translation>估计时长（µs）</translation>
    </message>
    <message>
        <source>task id</source>
        <translation>task id</translation>
    </message>
    <message>
        <source>source rank</source>
        <translation>源 rank</translation>
    </message>
    <message>
        <source>destination rank (4294967295 = none)</source>
        <translation>目的 rank（4294967295 = 无）</translation>
    </message>
    <message>
        <source>strings.id of LOCAL / SDMA / RDMA</source>
        <translation>LOCAL / SDMA / RDMA 的 strings.id</translation>
    </message>
    <message>
        <source>bytes moved</source>
        <translation>搬运的字节数</translation>
    </message>
    <message>
        <source>strings.id of the data type</source>
        <translation>数据类型的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of HCCS / PCIE / ROCE / ON_CHIP</source>
        <translation>HCCS / PCIE / ROCE / ON_CHIP 的 strings.id</translation>
    </message>
    <message>
        <source>bandwidth (GB/s)</source>
        <translation>带宽（GB/s）</translation>
    </message>
    <message>
        <source>Step-trace markers per iteration (training_trace): FP start, BP end, iteration end (ns).</source>
        <translation>每次迭代的 step trace 标记（training_trace）：FP 开始、BP 结束、迭代结束（ns）。</translation>
    </message>
    <message>
        <source>row id (step_reduces.step)</source>
        <translation>行 ID（step_reduces.step）</translation>
    </message>
    <message>
        <source>forward propagation start (ns)</source>
        <translation>前向传播开始时间（ns）</translation>
    </message>
    <message>
        <source>backward propagation end (ns)</source>
        <translation>反向传播结束时间（ns）</translation>
    </message>
    <message>
        <source>iteration end (ns)</source>
        <translation>迭代结束时间（ns）</translation>
    </message>
    <message>
        <source>end of the previous iteration (ns), -1 for the first</source>
        <translation>上一次迭代的结束时间（ns），第一次迭代为 -1</translation>
    </message>
    <message>
        <source>All-reduce segments of a step trace.</source>
        <translation>step trace 中的 all-reduce 分段。</translation>
    </message>
    <message>
        <source>step_traces.id</source>
        <translation>step_traces.id</translation>
    </message>
    <message>
        <source>segment index</source>
        <translation>分段索引</translation>
    </message>
    <message>
        <source>reduce start (ns)</source>
        <translation>规约开始时间（ns）</translation>
    </message>
    <message>
        <source>reduce end (ns)</source>
        <translation>规约结束时间（ns）</translation>
    </message>
    <message>
        <source>AI CPU op execution details (aicpu file).</source>
        <translation>AI CPU 算子执行详情（aicpu 文件）。</translation>
    </message>
    <message>
        <source>strings.id of the op name</source>
        <translation>算子名称的 strings.id</translation>
    </message>
    <message>
        <source>compute time (ns)</source>
        <translation>计算时间（ns）</translation>
    </message>
    <message>
        <source>memory copy time (ns)</source>
        <translation>内存拷贝时间（ns）</translation>
    </message>
    <message>
        <source>preprocess + compute + memcpy (ns)</source>
        <translation>预处理 + 计算 + 内存拷贝（ns）</translation>
    </message>
    <message>
        <source>dispatch time (ns)</source>
        <translation>分发时间（ns）</translation>
    </message>
    <message>
        <source>total time (ns)</source>
        <translation>总时间（ns）</translation>
    </message>
    <message>
        <source>Data pre-processing queue events (dp file).</source>
        <translation>数据预处理队列事件（dp 文件）。</translation>
    </message>
    <message>
        <source>when (ns)</source>
        <translation>时间（ns）</translation>
    </message>
    <message>
        <source>strings.id of the action (&quot;Last queue dequeue&quot;)</source>
        <translation>动作的 strings.id（&quot;Last queue dequeue&quot;）</translation>
    </message>
    <message>
        <source>strings.id of the source (&quot;iterator_default&quot;)</source>
        <translation>来源的 strings.id（&quot;iterator_default&quot;）</translation>
    </message>
    <message>
        <source>batches left in the device queue</source>
        <translation>设备队列中剩余的 batch 数</translation>
    </message>
    <message>
        <source>Graph fusion results (fusion_op file).</source>
        <translation>图融合结果（fusion_op 文件）。</translation>
    </message>
    <message>
        <source>strings.id of the model name</source>
        <translation>模型名称的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the fused op</source>
        <translation>融合后算子的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the fused ops (&quot;a;b;c&quot;)</source>
        <translation>被融合算子的 strings.id（&quot;a;b;c&quot;）</translation>
    </message>
    <message>
        <source>input memory (bytes)</source>
        <translation>输入内存（字节）</translation>
    </message>
    <message>
        <source>output memory (bytes)</source>
        <translation>输出内存（字节）</translation>
    </message>
    <message>
        <source>weight memory (bytes)</source>
        <translation>权重内存（字节）</translation>
    </message>
    <message>
        <source>workspace memory (bytes)</source>
        <translation>workspace 内存（字节）</translation>
    </message>
    <message>
        <source>0 CANN, 1 runtime API, 2 msproftx</source>
        <translation>0 CANN，1 runtime API，2 msproftx</translation>
    </message>
    <message>
        <source>process id</source>
        <translation>进程 ID</translation>
    </message>
    <message>
        <source>thread id</source>
        <translation>线程 ID</translation>
    </message>
    <message>
        <source>strings.id of the range name or tx message</source>
        <translation>区间名称或 tx 消息的 strings.id</translation>
    </message>
    <message>
        <source>msproftx category</source>
        <translation>msproftx 类别</translation>
    </message>
    <message>
        <source>strings.id of the msproftx event type (start/end, marker)</source>
        <translation>msproftx 事件类型（start/end、marker）的 strings.id</translation>
    </message>
    <message>
        <source>msproftx payload type</source>
        <translation>msproftx 负载类型</translation>
    </message>
    <message>
        <source>msproftx payload value</source>
        <translation>msproftx 负载值</translation>
    </message>
    <message>
        <source>strings.id of the msproftx message type (ascii)</source>
        <translation>msproftx 消息类型（ascii）的 strings.id</translation>
    </message>
    <message>
        <source>Timeline overview summaries: bucket layout per session (derived, created when first viewed).</source>
        <translation>时间线概览摘要：每个会话的分桶布局（派生数据，首次查看时创建）。</translation>
    </message>
    <message>
        <source>sessions.id</source>
        <translation>sessions.id</translation>
    </message>
    <message>
        <source>time of bucket 0 (ns)</source>
        <translation>第 0 个桶的时间（ns）</translation>
    </message>
    <message>
        <source>time covered (ns)</source>
        <translation>覆盖的时间（ns）</translation>
    </message>
    <message>
        <source>bucket width (ns)</source>
        <translation>桶宽度（ns）</translation>
    </message>
    <message>
        <source>number of buckets</source>
        <translation>桶数量</translation>
    </message>
    <message>
        <source>Timeline overview summaries per device and stream (derived).</source>
        <translation>按设备和流统计的时间线概览摘要（派生数据）。</translation>
    </message>
    <message>
        <source>tasks summarised</source>
        <translation>汇总的任务数</translation>
    </message>
    <message>
        <source>Time ranges the user marked in the timeline.</source>
        <translation>用户在时间线中标记的时间范围。</translation>
    </message>
    <message>
        <source>mark id</source>
        <translation>标记 ID</translation>
    </message>
    <message>
        <source>range start (ns)</source>
        <translation>范围起点（ns）</translation>
    </message>
    <message>
        <source>range end (ns)</source>
        <translation>范围终点（ns）</translation>
    </message>
    <message>
        <source>the user&apos;s label</source>
        <translation>用户填写的标签</translation>
    </message>
    <message>
        <source>when it was made, µs since the epoch</source>
        <translation>创建时间，自 Unix 纪元起的 µs 数</translation>
    </message>
    <message>
        <source>The timeline lane layout the user left a session in.</source>
        <translation>用户上次离开会话时的时间线泳道布局。</translation>
    </message>
    <message>
        <source>hidden, pinned, ordered and collapsed lanes, as the view wrote them</source>
        <translation>隐藏、固定、排序和折叠的泳道，按视图写入的格式保存</translation>
    </message>
    <message>
        <source>last saved, µs since the epoch</source>
        <translation>上次保存时间，自 Unix 纪元起的 µs 数</translation>
    </message>
    <message>
        <source>chip name as the source gives it (Ascend910B), empty when not given</source>
        <translation>数据源给出的芯片名称（Ascend910B），未给出时为空</translation>
    </message>
    <message>
        <source>strings.id of the CANN API level (acl, node, hccl, runtime ...)</source>
        <translation>CANN API 层级（acl、node、hccl、runtime ……）的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the counter lane (AI Core Freq, HBM ...)</source>
        <translation>计数器泳道（AI Core Freq、HBM ……）的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the series (HBM 0/Read ...)</source>
        <translation>序列（HBM 0/Read ……）的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the unit the value is in (MHz, MB/s ...)</source>
        <translation>数值单位（MHz、MB/s ……）的 strings.id</translation>
    </message>
    <message>
        <source>sample time (ns)</source>
        <translation>采样时间（ns）</translation>
    </message>
    <message>
        <source>the value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Ends of flow arrows (host launch to device task ...); ends with the same category and flow_id pair up.</source>
        <translation>连线的端点（Host 下发到设备任务 ……）；category 和 flow_id 相同的端点两两配对。</translation>
    </message>
    <message>
        <source>strings.id of the category (HostToDevice, async_npu, fwdbwd ...)</source>
        <translation>类别（HostToDevice、async_npu、fwdbwd ……）的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the flow name</source>
        <translation>连线名称的 strings.id</translation>
    </message>
    <message>
        <source>the flow id (text ids hashed)</source>
        <translation>连线 ID（文本 ID 取哈希）</translation>
    </message>
    <message>
        <source>0 start, 1 finish</source>
        <translation>0 起点，1 终点</translation>
    </message>
    <message>
        <source>0 Python, 1 CANN, 2 Ascend Hardware, 3 HCCL, 4 other</source>
        <translation>0 Python，1 CANN，2 Ascend Hardware，3 HCCL，4 其他</translation>
    </message>
    <message>
        <source>thread id, stream id or plane</source>
        <translation>线程 ID、流 ID 或通信平面</translation>
    </message>
    <message>
        <source>time (ns)</source>
        <translation>时间（ns）</translation>
    </message>
    <message>
        <source>strings.id of the range name</source>
        <translation>区间名称的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the category (cpu_op, python_function ...)</source>
        <translation>类别（cpu_op、python_function ……）的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the call stack</source>
        <translation>调用栈的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the input shapes</source>
        <translation>输入形状的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the input types</source>
        <translation>输入类型的 strings.id</translation>
    </message>
    <message>
        <source>autograd sequence number, -1 none</source>
        <translation>autograd 序号，-1 表示无</translation>
    </message>
    <message>
        <source>forward thread id</source>
        <translation>前向线程 ID</translation>
    </message>
    <message>
        <source>enqueue/dequeue correlation id, 0 none</source>
        <translation>入队/出队关联 ID，0 表示无</translation>
    </message>
    <message>
        <source>1 for a module reservation (npu_module_mem), 0 for the allocator (memory_record)</source>
        <translation>1 表示模块预留（npu_module_mem），0 表示分配器（memory_record）</translation>
    </message>
    <message>
        <source>strings.id of the component (APP, PTA, SLOG ...)</source>
        <translation>组件（APP、PTA、SLOG ……）的 strings.id</translation>
    </message>
    <message>
        <source>total allocated (MB)</source>
        <translation>已分配总量（MB）</translation>
    </message>
    <message>
        <source>total reserved (MB)</source>
        <translation>已预留总量（MB）</translation>
    </message>
    <message>
        <source>total active (MB)</source>
        <translation>活跃总量（MB）</translation>
    </message>
    <message>
        <source>stream pointer, 0 none</source>
        <translation>流指针，0 表示无</translation>
    </message>
    <message>
        <source>strings.id of the operator</source>
        <translation>算子的 strings.id</translation>
    </message>
    <message>
        <source>size (KB)</source>
        <translation>大小（KB）</translation>
    </message>
    <message>
        <source>allocation time (ns)</source>
        <translation>分配时间（ns）</translation>
    </message>
    <message>
        <source>release time (ns)</source>
        <translation>释放时间（ns）</translation>
    </message>
    <message>
        <source>active release time (ns)</source>
        <translation>活跃释放时间（ns）</translation>
    </message>
    <message>
        <source>total allocated at allocation (MB)</source>
        <translation>分配时的已分配总量（MB）</translation>
    </message>
    <message>
        <source>total reserved at allocation (MB)</source>
        <translation>分配时的已预留总量（MB）</translation>
    </message>
    <message>
        <source>total active at allocation (MB)</source>
        <translation>分配时的活跃总量（MB）</translation>
    </message>
    <message>
        <source>total allocated at release (MB)</source>
        <translation>释放时的已分配总量（MB）</translation>
    </message>
    <message>
        <source>total reserved at release (MB)</source>
        <translation>释放时的已预留总量（MB）</translation>
    </message>
    <message>
        <source>total active at release (MB)</source>
        <translation>释放时的活跃总量（MB）</translation>
    </message>
    <message>
        <source>Time of each communication op per rank (communication.json, CommAnalyzerTime).</source>
        <translation>每个 rank 上各通信算子的耗时（communication.json、CommAnalyzerTime）。</translation>
    </message>
    <message>
        <source>strings.id of the step (step50)</source>
        <translation>step（step50）的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of collective or p2p</source>
        <translation>collective 或 p2p 的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the communication group, 0 when not given</source>
        <translation>通信域的 strings.id，未给出时为 0</translation>
    </message>
    <message>
        <source>elapse time (ms)</source>
        <translation>耗时（ms）</translation>
    </message>
    <message>
        <source>transit time (ms)</source>
        <translation>传输时间（ms）</translation>
    </message>
    <message>
        <source>wait time (ms)</source>
        <translation>等待时间（ms）</translation>
    </message>
    <message>
        <source>synchronization time (ms)</source>
        <translation>同步时间（ms）</translation>
    </message>
    <message>
        <source>idle time (ms)</source>
        <translation>空闲时间（ms）</translation>
    </message>
    <message>
        <source>Bandwidth of each communication op per transport type and rank.</source>
        <translation>每个 rank 上各通信算子按传输类型的带宽。</translation>
    </message>
    <message>
        <source>strings.id of the step</source>
        <translation>step 的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of HCCS, PCIE, RDMA, SDMA, SIO or LOCAL</source>
        <translation>HCCS、PCIE、RDMA、SDMA、SIO 或 LOCAL 的 strings.id</translation>
    </message>
    <message>
        <source>transit size (MB)</source>
        <translation>传输量（MB）</translation>
    </message>
    <message>
        <source>share of large packets</source>
        <translation>大包占比</translation>
    </message>
    <message>
        <source>Rank-to-rank links of each communication op (communication_matrix).</source>
        <translation>各通信算子的 rank 间链路（communication_matrix）。</translation>
    </message>
    <message>
        <source>destination rank</source>
        <translation>目的 rank</translation>
    </message>
    <message>
        <source>strings.id of the transport type</source>
        <translation>传输类型的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the op name the link belongs to</source>
        <translation>链路所属算子名称的 strings.id</translation>
    </message>
    <message>
        <source>Step time breakdown per rank as the profiler computed it (step_trace_time, StepTraceTime); ns.</source>
        <translation>Profiler 计算的各 rank step 时间拆解（step_trace_time、StepTraceTime）；单位 ns。</translation>
    </message>
    <message>
        <source>computing (ns)</source>
        <translation>计算（ns）</translation>
    </message>
    <message>
        <source>communication not overlapped by computing (ns)</source>
        <translation>未被计算掩盖的通信（ns）</translation>
    </message>
    <message>
        <source>communication overlapped by computing (ns)</source>
        <translation>被计算掩盖的通信（ns）</translation>
    </message>
    <message>
        <source>communication (ns)</source>
        <translation>通信（ns）</translation>
    </message>
    <message>
        <source>free (ns)</source>
        <translation>空闲（ns）</translation>
    </message>
    <message>
        <source>stage (ns)</source>
        <translation>stage（ns）</translation>
    </message>
    <message>
        <source>bubble (ns)</source>
        <translation>bubble（ns）</translation>
    </message>
    <message>
        <source>communication not overlapped, receive excluded (ns)</source>
        <translation>未被掩盖的通信，不含接收（ns）</translation>
    </message>
    <message>
        <source>preparing (ns)</source>
        <translation>准备（ns）</translation>
    </message>
    <message>
        <source>stream id of the task</source>
        <translation>任务的流 ID</translation>
    </message>
    <message>
        <source>task start (ns)</source>
        <translation>任务开始时间（ns）</translation>
    </message>
    <message>
        <source>strings.id of the column name</source>
        <translation>列名的 strings.id</translation>
    </message>
    <message>
        <source>strings.id of the cell text</source>
        <translation>单元格文本的 strings.id</translation>
    </message>
    <message>
        <source>View: every task with its name, task type and op type as text.</source>
        <translation>视图：每个任务及其名称、任务类型和算子类型（文本）。</translation>
    </message>
    <message>
        <source>start + duration (ns)</source>
        <translation>开始 + 时长（ns）</translation>
    </message>
    <message>
        <source>timeline name (op name or task type)</source>
        <translation>时间线名称（算子名或任务类型）</translation>
    </message>
    <message>
        <source>task type as the source spells it</source>
        <translation>来源中写法的任务类型</translation>
    </message>
    <message>
        <source>op type (Conv2D, MatMul, …); NULL for tasks without an op</source>
        <translation>算子类型（Conv2D、MatMul 等）；没有算子的任务为 NULL</translation>
    </message>
    <message>
        <source>AI Cores the op uses; NULL without an op</source>
        <translation>算子使用的 AI Core 数；没有算子时为 NULL</translation>
    </message>
    <message>
        <source>View: collective communication ops with their name and op type as text.</source>
        <translation>视图：集合通信算子及其名称和算子类型（文本）。</translation>
    </message>
    <message>
        <source>op name, e.g. AllReduce-op534_0</source>
        <translation>算子名，例如 AllReduce-op534_0</translation>
    </message>
    <message>
        <source>op type (AllReduce, …)</source>
        <translation>算子类型（AllReduce 等）</translation>
    </message>
    <message>
        <source>payload (bytes)</source>
        <translation>数据量（字节）</translation>
    </message>
    <message>
        <source>Key/value facts about the project file (app_version, created_wall_us; clean_close, the newest session id when the last writer finished: docs/storage.md).</source>
        <translation>工程文件的键值信息（app_version、created_wall_us；clean_close：上一个写入者正常结束时最新会话的 ID，见 docs/storage.md）。</translation>
    </message>
    <message>
        <source>View: task count and time per op (every task with an op), with the op&apos;s name and type as text.</source>
        <translation>视图：每个算子的任务数与耗时（所有带算子的任务），附算子名称和类型文本。</translation>
    </message>
    <message>
        <source>ops.id</source>
        <translation>ops.id</translation>
    </message>
    <message>
        <source>op name</source>
        <translation>算子名称</translation>
    </message>
    <message>
        <source>op type (Conv2D, MatMul, …); NULL when the op has none</source>
        <translation>算子类型（Conv2D、MatMul 等）；算子没有类型时为 NULL</translation>
    </message>
    <message>
        <source>tasks of the op</source>
        <translation>该算子的任务数</translation>
    </message>
    <message>
        <source>their total duration (ns)</source>
        <translation>这些任务的总耗时（ns）</translation>
    </message>
    <message>
        <source>shortest task (ns)</source>
        <translation>最短任务（ns）</translation>
    </message>
    <message>
        <source>longest task (ns)</source>
        <translation>最长任务（ns）</translation>
    </message>
    <message>
        <source>HCCL tasks as stored: column blocks of up to 8192 tasks of one device, model and iteration, in recorded order (query hccl_tasks for plain rows).</source>
        <translation>按存储形式保存的 HCCL 任务：每块最多 8192 个同一设备、模型和迭代的任务，按记录顺序排列（逐行查询请用 hccl_tasks）。</translation>
    </message>
    <message>
        <source>earliest task start in the block (ns)</source>
        <translation>块内最早的任务开始时间（ns）</translation>
    </message>
    <message>
        <source>latest task end in the block (ns)</source>
        <translation>块内最晚的任务结束时间（ns）</translation>
    </message>
    <message>
        <source>HCCL tasks on the communication planes, one row per task (a read-only virtual table of the SQL console over hccl_blocks; equality on session, device, model, iteration reads only those blocks).</source>
        <translation>通信平面上的 HCCL 任务，每个任务一行（SQL 控制台基于 hccl_blocks 的只读虚拟表；对 session、device、model、iteration 的等值条件只读取相应的块）。</translation>
    </message>
    <message>
        <source>Tasks as stored: column blocks of up to 8192 tasks (with their PMU values) of one device, model, iteration and stream, in recorded order (query tasks and task_pmu for plain rows).</source>
        <translation>按存储形式保存的任务：每块最多 8192 个同一设备、模型、迭代和流的任务（含其 PMU 值），按记录顺序排列（逐行查询请用 tasks 和 task_pmu）。</translation>
    </message>
    <message>
        <source>latest task start in the block (ns)</source>
        <translation>块内最晚的任务开始时间（ns）</translation>
    </message>
    <message>
        <source>Every task the task scheduler ran (op_summary / task_time rows), one row per task (a read-only virtual table of the SQL console over task_blocks; equality on session, device, model, iteration, stream or id reads only those blocks). Times in ns on the device-monotonic clock.</source>
        <translation>任务调度器执行过的每个任务（op_summary / task_time 行），每个任务一行（SQL 控制台基于 task_blocks 的只读虚拟表；对 session、device、model、iteration、stream 或 id 的等值条件只读取相应的块）。时间为设备单调时钟上的 ns。</translation>
    </message>
    <message>
        <source>PMU metrics of AI Core tasks, in the order of the session&apos;s pmu_columns (a read-only virtual table of the SQL console over task_blocks: one row per task with PMU values).</source>
        <translation>AI Core 任务的 PMU 指标，顺序与会话的 pmu_columns 一致（SQL 控制台基于 task_blocks 的只读虚拟表：每个有 PMU 值的任务一行）。</translation>
    </message>
    <message>
        <source>row id (task_pmu.task): task_blocks.id * 65536 + the task&apos;s place in its block</source>
        <translation>行 ID（task_pmu.task）：task_blocks.id * 65536 + 任务在其块中的位置</translation>
    </message>
    <message>
        <source>Counter samples as stored: column blocks of up to 8192 samples of one device and series, in recorded order (query counters for plain rows).</source>
        <translation>按存储形式保存的计数器采样：每块最多 8192 个同一设备、同一序列的采样，按记录顺序排列（逐行查询请用 counters）。</translation>
    </message>
    <message>
        <source>earliest sample time in the block (ns)</source>
        <translation>块内最早的采样时间（ns）</translation>
    </message>
    <message>
        <source>latest sample time in the block (ns)</source>
        <translation>块内最晚的采样时间（ns）</translation>
    </message>
    <message>
        <source>Counter samples of imported sessions (AI Core frequency, HBM, LLC, NPU memory ...), one row per sample (a read-only virtual table of the SQL console over counter_blocks; equality on session, device or name reads only those blocks).</source>
        <translation>导入会话的计数器采样（AI Core 频率、HBM、LLC、NPU 内存 ……），每个采样一行（SQL 控制台基于 counter_blocks 的只读虚拟表；对 session、device 或 name 的等值条件只读取相应的块）。</translation>
    </message>
    <message>
        <source>Framework host ranges as stored: column blocks of up to 8192 ranges of one device, in recorded order (query python_ranges for plain rows).</source>
        <translation>按存储形式保存的框架 Host 侧区间：每块最多 8192 个同一设备的区间，按记录顺序排列（逐行查询请用 python_ranges）。</translation>
    </message>
    <message>
        <source>earliest range start in the block (ns)</source>
        <translation>块内最早的区间开始时间（ns）</translation>
    </message>
    <message>
        <source>latest range start in the block (ns)</source>
        <translation>块内最晚的区间开始时间（ns）</translation>
    </message>
    <message>
        <source>latest range end in the block (ns)</source>
        <translation>块内最晚的区间结束时间（ns）</translation>
    </message>
    <message>
        <source>Framework host ranges (Python lane): operators with call stacks and input shapes, Python functions, queue events, one row per range (a read-only virtual table of the SQL console over python_range_blocks; equality on session or device reads only those blocks).</source>
        <translation>框架的 Host 侧区间（Python 泳道）：带调用栈和输入形状的算子、Python 函数、队列事件，每个区间一行（SQL 控制台基于 python_range_blocks 的只读虚拟表；对 session 或 device 的等值条件只读取相应的块）。</translation>
    </message>
    <message>
        <source>Host-side ranges as stored: column blocks of up to 8192 ranges of one device, model and iteration, in recorded order (query host_ranges for plain rows).</source>
        <translation>按存储形式保存的 Host 侧区间：每块最多 8192 个同一设备、同一模型和同一迭代的区间，按记录顺序排列（逐行查询请用 host_ranges）。</translation>
    </message>
    <message>
        <source>Host-side ranges: CANN (GE@Infer), runtime API calls, msproftx, one row per range (a read-only virtual table of the SQL console over host_range_blocks; equality on session, device, model or iteration reads only those blocks).</source>
        <translation>Host 侧区间：CANN（GE@Infer）、runtime API 调用、msproftx，每个区间一行（SQL 控制台基于 host_range_blocks 的只读虚拟表；对 session、device、model 或 iteration 的等值条件只读取相应的块）。</translation>
    </message>
    <message>
        <source>Memory records as stored: column blocks of up to 8192 records of one device, in recorded order (query memory_records for plain rows).</source>
        <translation>按存储形式保存的内存记录：每块最多 8192 条同一设备的记录，按记录顺序排列（逐行查询请用 memory_records）。</translation>
    </message>
    <message>
        <source>earliest record time in the block (ns)</source>
        <translation>块内最早的记录时间（ns）</translation>
    </message>
    <message>
        <source>latest record time in the block (ns)</source>
        <translation>块内最晚的记录时间（ns）</translation>
    </message>
    <message>
        <source>records in the block</source>
        <translation>块内的记录数</translation>
    </message>
    <message>
        <source>the records, delta/varint coded column by column, CRC-32 checked (docs/storage.md)</source>
        <translation>逐列以差分/变长整数编码的记录，带 CRC-32 校验（见 docs/storage.md）</translation>
    </message>
    <message>
        <source>Memory over time: allocator records and module reservations (MB, -1 = not given), one row per record (a read-only virtual table of the SQL console over memory_blocks; equality on session or device reads only those blocks).</source>
        <translation>内存随时间的变化：分配器记录和各模块的预留（MB，-1 = 未给出），每条记录一行（SQL 控制台基于 memory_blocks 的只读虚拟表；对 session 或 device 的等值条件只读取相应的块）。</translation>
    </message>
    <message>
        <source>Task count and time per session, device, task type and op: the rows of SELECT session, device, type, op, COUNT(*), SUM(duration), MIN(duration), MAX(duration) FROM tasks GROUP BY session, device, type, op, in that order, summed from task_blocks without a row per task (a read-only virtual table of the SQL console; equality on session and device reads only those blocks).</source>
        <translation>按会话、设备、任务类型和算子统计的任务数与时间：即 SELECT session, device, type, op, COUNT(*), SUM(duration), MIN(duration), MAX(duration) FROM tasks GROUP BY session, device, type, op 的各行，按此顺序排列，直接从 task_blocks 累加而不逐任务生成行（SQL 控制台的只读虚拟表；对 session 和 device 的等值条件只读取相应的块）。</translation>
    </message>
    <message>
        <source>strings.id of the task type (tasks.type)</source>
        <translation>任务类型的 strings.id（tasks.type）</translation>
    </message>
    <message>
        <source>ops.id (tasks.op), 0 for the tasks without an op</source>
        <translation>ops.id（tasks.op），无算子的任务为 0</translation>
    </message>
    <message>
        <source>tasks of this session, device, type and op</source>
        <translation>该会话、设备、类型和算子的任务数</translation>
    </message>
    <message>
        <source>their total duration (ns), SUM(tasks.duration)</source>
        <translation>这些任务的总耗时（ns），即 SUM(tasks.duration)</translation>
    </message>
    <message>
        <source>Operator allocations as stored: column blocks of up to 8192 allocations of one device, in recorded order (query op_memory for plain rows).</source>
        <translation>按存储形式保存的算子内存分配：每块最多 8192 条同一设备的分配，按记录顺序排列（逐行查询请用 op_memory）。</translation>
    </message>
    <message>
        <source>earliest allocation time in the block (ns)</source>
        <translation>块内最早的分配时间（ns）</translation>
    </message>
    <message>
        <source>latest allocation time in the block (ns)</source>
        <translation>块内最晚的分配时间（ns）</translation>
    </message>
    <message>
        <source>Operator allocations (operator_memory); times -1 = outside the capture; one row per allocation (a read-only virtual table of the SQL console over op_memory_blocks; equality on session or device reads only those blocks).</source>
        <translation>算子内存分配（operator_memory）；时间为 -1 表示不在采集范围内；每条分配一行（SQL 控制台基于 op_memory_blocks 的只读虚拟表；对 session 或 device 的等值条件只读取相应的块）。</translation>
    </message>
    <message>
        <source>Task columns without a field of their own as stored: column blocks of up to 8192 attributes of one device and stream, in recorded order (query task_attrs for plain rows).</source>
        <translation>按存储形式保存的无专用字段的任务列：每块最多 8192 条同一设备和流的属性，按记录顺序排列（逐行查询请用 task_attrs）。</translation>
    </message>
    <message>
        <source>stream id of the tasks</source>
        <translation>这些任务的流 ID</translation>
    </message>
    <message>
        <source>Task columns without a field of their own (OP State, HF32 Eligible, Context ID, unknown columns), as text; one row per attribute (a read-only virtual table of the SQL console over task_attr_blocks; equality on session, device or stream reads only those blocks).</source>
        <translation>没有专用字段的任务列（OP State、HF32 Eligible、Context ID、未知列），以文本保存；每个属性一行（SQL 控制台基于 task_attr_blocks 的只读虚拟表；对 session、device 或 stream 的等值条件只读取相应的块）。</translation>
    </message>
    <message>
        <source>the buckets, 17 bytes each (count, busy time, the longest task&apos;s kind, op type and name); since schema 12 with a CRC-32 and zstd-compressed (docs/storage.md)</source>
        <translation>各时间桶，每桶 17 字节（任务数、忙碌时间、最长任务的类型、算子类型和名称）；自 schema 12 起附带 CRC-32 并以 zstd 压缩（见 docs/storage.md）</translation>
    </message>
    <message>
        <source>block id: a plain row&apos;s rowid (tasks.id for tasks) is id * 65536 + the record&apos;s place in the block</source>
        <translation>块 id：明细行的 rowid（tasks 表为 tasks.id）等于 id * 65536 + 该记录在块内的位置</translation>
    </message>
</context>
<context>
    <name>SummaryTables</name>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Op summary</source>
        <translation>算子汇总</translation>
    </message>
    <message>
        <source>Op statistic</source>
        <translation>算子统计</translation>
    </message>
    <message>
        <source>Step trace</source>
        <translation>迭代轨迹（Step Trace）</translation>
    </message>
    <message>
        <source>Task time</source>
        <translation>任务耗时</translation>
    </message>
    <message>
        <source>AI CPU</source>
        <translation>AI CPU</translation>
    </message>
    <message>
        <source>Data pre-processing (queue)</source>
        <translation>数据预处理（队列）</translation>
    </message>
    <message>
        <source>Fusion ops</source>
        <translation>融合算子</translation>
    </message>
    <message>
        <source>L2 cache</source>
        <translation>L2 Cache</translation>
    </message>
    <message>
        <source>Collective ops (HCCL)</source>
        <translation>集合通信算子（HCCL）</translation>
    </message>
    <message>
        <source>msproftx markers</source>
        <translation>msproftx 标记</translation>
    </message>
    <message>
        <source>The regular expression %1 is not valid: %2.</source>
        <translation>正则表达式 %1 无效：%2。</translation>
    </message>
    <message>
        <source>The range %1 is not valid: &quot;%2&quot; is not a number.</source>
        <translation>范围 %1 无效：&quot;%2&quot; 不是数字。</translation>
    </message>
    <message>
        <source>The range %1 is empty: its start is after its end.</source>
        <translation>范围 %1 为空：起点在终点之后。</translation>
    </message>
    <message>
        <source>The filter %1 is not valid: &quot;%2&quot; is not a number.</source>
        <translation>过滤条件 %1 无效：&quot;%2&quot; 不是数字。</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>%1 sum</source>
        <translation>%1 总和</translation>
    </message>
    <message>
        <source>%1 mean</source>
        <translation>%1 平均值</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 最小值</translation>
    </message>
    <message>
        <source>%1 max</source>
        <translation>%1 最大值</translation>
    </message>
    <message>
        <source>Share of the step time (Preparing + Computing + Communication (Not Overlapped) + Free); these four shares add up to 100 %.</source>
        <translation>占迭代时间（Preparing + Computing + Communication (Not Overlapped) + Free）的比例；这四项比例之和为 100 %。</translation>
    </message>
    <message>
        <source>Preparing + Computing + Communication (Not Overlapped) + Free: the step from the framework&apos;s step start to its last device activity.</source>
        <translation>Preparing + Computing + Communication (Not Overlapped) + Free：从框架的迭代开始到该迭代最后一次设备活动。</translation>
    </message>
    <message>
        <source>Time the device computes (the union of its kernels).</source>
        <translation>设备计算的时间（其算子核的并集）。</translation>
    </message>
    <message>
        <source>Communication not hidden behind computation.</source>
        <translation>未被计算掩盖的通信。</translation>
    </message>
    <message>
        <source>Communication hidden behind computation: part of Computing, not added to the step again.</source>
        <translation>被计算掩盖的通信：属于 Computing 的一部分，不再重复计入迭代时间。</translation>
    </message>
    <message>
        <source>Time the device neither computes nor communicates.</source>
        <translation>设备既不计算也不通信的时间。</translation>
    </message>
    <message>
        <source>The device span of the step less its bubbles.</source>
        <translation>该迭代在设备上的跨度减去其气泡时间。</translation>
    </message>
    <message>
        <source>Pipeline receives (hcom_receive): part of Communication (Not Overlapped).</source>
        <translation>流水线接收（hcom_receive）：属于 Communication (Not Overlapped) 的一部分。</translation>
    </message>
    <message>
        <source>From the framework&apos;s step start to the step&apos;s first computation or communication.</source>
        <translation>从框架的迭代开始到该迭代第一次计算或通信。</translation>
    </message>
    <message>
        <source>Overlapped as a share of the step time; it lies within the Computing share.</source>
        <translation>Overlapped 占迭代时间的比例；它包含在 Computing 的比例之内。</translation>
    </message>
    <message>
        <source>Bubble as a share of the step time; it lies within the Communication (Not Overlapped) share.</source>
        <translation>Bubble 占迭代时间的比例；它包含在 Communication (Not Overlapped) 的比例之内。</translation>
    </message>
    <message>
        <source>Kernel details</source>
        <translation>Kernel 详情</translation>
    </message>
    <message>
        <source>API statistics</source>
        <translation>API 统计</translation>
    </message>
    <message>
        <source>Step time breakdown</source>
        <translation>Step 时间拆解</translation>
    </message>
</context>
<context>
    <name>TimelineSearch</name>
    <message>
        <source>The search pattern is not a valid regular expression: %1 (at character %2).</source>
        <translation>搜索模式不是有效的正则表达式：%1（第 %2 个字符处）。</translation>
    </message>
</context>
<context>
    <name>TimelineStore</name>
    <message>
        <source>Starting the timeline summary</source>
        <translation>开始生成时间线摘要</translation>
    </message>
    <message>
        <source>Creating the timeline tables</source>
        <translation>创建时间线数据表</translation>
    </message>
    <message>
        <source>Measuring the session</source>
        <translation>统计会话规模</translation>
    </message>
    <message>
        <source>Reading the tasks</source>
        <translation>读取任务</translation>
    </message>
    <message>
        <source>Writing the timeline summary</source>
        <translation>写入时间线摘要</translation>
    </message>
    <message>
        <source>The project %1 has no session %2.</source>
        <translation>工程 %1 中没有会话 %2。</translation>
    </message>
    <message>
        <source>Reading the timeline summary</source>
        <translation>读取时间线摘要</translation>
    </message>
    <message>
        <source>Reading the HCCL tasks</source>
        <translation>读取 HCCL 任务</translation>
    </message>
    <message>
        <source>Looking up the HCCL task</source>
        <translation>查找 HCCL 任务</translation>
    </message>
    <message>
        <source>The HCCL task is no longer in the project.</source>
        <translation>该 HCCL 任务已不在工程中。</translation>
    </message>
    <message>
        <source>Looking up the task</source>
        <translation>查找任务</translation>
    </message>
    <message>
        <source>Reading the session</source>
        <translation>读取会话</translation>
    </message>
    <message>
        <source>The mark could not be saved: %1</source>
        <translation>无法保存标记：%1</translation>
    </message>
    <message>
        <source>The lane layout could not be saved: %1</source>
        <translation>无法保存泳道布局：%1</translation>
    </message>
    <message>
        <source>The task is no longer in the project.</source>
        <translation>该任务已不在工程中。</translation>
    </message>
    <message>
        <source>Reading the marks</source>
        <translation>读取标记</translation>
    </message>
    <message>
        <source>Reading the lane layout</source>
        <translation>读取泳道布局</translation>
    </message>
    <message>
        <source>The timeline summary of device %1, stream %2 is damaged.</source>
        <translation>设备 %1、流 %2 的时间线概要已损坏。</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>Stream %1</source>
        <translation>Stream %1</translation>
    </message>
    <message>
        <source>Ascend Hardware</source>
        <translation>Ascend Hardware</translation>
    </message>
    <message>
        <source>HCCL</source>
        <translation>HCCL</translation>
    </message>
    <message>
        <source>Communication Kernel</source>
        <translation>Communication Kernel</translation>
    </message>
    <message>
        <source>Plane %1</source>
        <translation>Plane %1</translation>
    </message>
    <message>
        <source>msproftx</source>
        <translation>msproftx</translation>
    </message>
    <message>
        <source>CANN</source>
        <translation>CANN</translation>
    </message>
    <message>
        <source>Thread %1</source>
        <translation>Thread %1</translation>
    </message>
    <message>
        <source>AI CPU</source>
        <translation>AI CPU</translation>
    </message>
    <message>
        <source>Step Trace(Model ID:%1)</source>
        <translation>Step Trace(Model ID:%1)</translation>
    </message>
    <message>
        <source>Step Trace(Model ID:%1) Reduce</source>
        <translation>Step Trace(Model ID:%1) Reduce</translation>
    </message>
    <message>
        <source>Overlap Analysis</source>
        <translation>Overlap Analysis</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>AI Core</source>
        <translation>AI Core</translation>
    </message>
    <message>
        <source>AI Core utilisation</source>
        <translation>AI Core 利用率</translation>
    </message>
    <message>
        <source>Share of each iteration (step trace) in which at least one AI Core kernel (cube, vector or mix) runs on any stream of this device, from the task trace: busy time, not the PMU&apos;s per-core cycles. Between iterations: unknown.</source>
        <translation>每个迭代（step trace）中本设备任一流上至少有一个 AI Core 核函数（cube、vector 或 mix）运行的时间占比，来自任务跟踪：忙碌时间，而非 PMU 的逐核周期数。迭代之间：未知。</translation>
    </message>
    <message>
        <source>Share of each time bucket (1/200 of the device&apos;s busy span; the session has no step trace) in which at least one AI Core kernel (cube, vector or mix) runs on any stream of this device, from the task trace: busy time, not the PMU&apos;s per-core cycles.</source>
        <translation>每个时间桶（设备忙碌区间的 1/200；该会话没有 step trace）中本设备任一流上至少有一个 AI Core 核函数（cube、vector 或 mix）运行的时间占比，来自任务跟踪：忙碌时间，而非 PMU 的逐核周期数。</translation>
    </message>
    <message>
        <source>Imported counter samples (&quot;%1&quot; in the profiler&apos;s trace); a value holds until the next sample.</source>
        <translation>导入的计数器采样（性能分析器跟踪中的“%1”）；每个值保持到下一个采样为止。</translation>
    </message>
    <message>
        <source>The counters of device %1 could not be read.</source>
        <translation>无法读取设备 %1 的计数器。</translation>
    </message>
    <message>
        <source>The flow events of the session could not be read.</source>
        <translation>无法读取该会话的流事件。</translation>
    </message>
    <message>
        <source>The Python ranges of the session could not be read.</source>
        <translation>无法读取该会话的 Python 区间。</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>Thread %1, depth %2</source>
        <translation>Thread %1，深度 %2</translation>
    </message>
</context>
<context>
    <name>TorchProfilerConfig</name>
    <message>
        <source>%1 must be True or False; torch_npu warns and uses %2.</source>
        <translation>%1 必须是 True 或 False；torch_npu 会发出警告并改用 %2。</translation>
    </message>
    <message>
        <source>%1 has no parameter &quot;%2&quot; (Python stops with a TypeError). Its parameters are: %3.</source>
        <translation>%1 没有参数“%2”（Python 会因 TypeError 停止）。它的参数有：%3。</translation>
    </message>
    <message>
        <source>aic_metrics is only collected at Level1 and Level2; at %1 torch_npu warns and uses AiCoreNone.</source>
        <translation>aic_metrics 只在 Level1 和 Level2 下采集；在 %1 下 torch_npu 会发出警告并改用 AiCoreNone。</translation>
    </message>
    <message>
        <source>msprof_tx is deprecated in torch_npu; use mstx=True instead (it records the same markers).</source>
        <translation>torch_npu 已弃用 msprof_tx；请改用 mstx=True（记录的打点相同）。</translation>
    </message>
    <message>
        <source>Level_none collects only mstx markers, so mstx or msprof_tx must be True; torch_npu warns and sets mstx=True.</source>
        <translation>Level_none 只采集 mstx 打点，因此 mstx 或 msprof_tx 必须为 True；torch_npu 会发出警告并设置 mstx=True。</translation>
    </message>
    <message>
        <source>profiler_level must be Level_none, Level0, Level1 or Level2; torch_npu warns and uses Level0.</source>
        <translation>profiler_level 必须是 Level_none、Level0、Level1 或 Level2；torch_npu 会发出警告并改用 Level0。</translation>
    </message>
    <message>
        <source>aic_metrics must be one of %1; torch_npu warns and uses %2.</source>
        <translation>aic_metrics 必须是 %1 之一；torch_npu 会发出警告并改用 %2。</translation>
    </message>
    <message>
        <source>export_type must be &quot;text&quot;, &quot;db&quot; or a list of them; torch_npu warns and uses text.</source>
        <translation>export_type 必须是 &quot;text&quot;、&quot;db&quot; 或由它们组成的列表；torch_npu 会发出警告并改用 text。</translation>
    </message>
    <message>
        <source>export_type accepts only &quot;text&quot; and &quot;db&quot; (ExportType.Text, ExportType.Db); torch_npu warns and uses text.</source>
        <translation>export_type 只接受 &quot;text&quot; 和 &quot;db&quot;（ExportType.Text、ExportType.Db）；torch_npu 会发出警告并改用 text。</translation>
    </message>
    <message>
        <source>op_attr is only written to the db export; with export_type text torch_npu warns and sets op_attr=False.</source>
        <translation>op_attr 只写入 db 导出；export_type 为 text 时 torch_npu 会发出警告并设置 op_attr=False。</translation>
    </message>
    <message>
        <source>gc_detect_threshold must be a number of milliseconds; torch_npu warns and uses None (no GC detection).</source>
        <translation>gc_detect_threshold 必须是毫秒数；torch_npu 会发出警告并改用 None（不检测 GC）。</translation>
    </message>
    <message>
        <source>gc_detect_threshold cannot be negative; torch_npu warns and uses None (no GC detection).</source>
        <translation>gc_detect_threshold 不能为负数；torch_npu 会发出警告并改用 None（不检测 GC）。</translation>
    </message>
    <message>
        <source>gc_detect_threshold is 0, so every garbage collection is recorded.</source>
        <translation>gc_detect_threshold 为 0，因此会记录每一次垃圾回收。</translation>
    </message>
    <message>
        <source>mstx_domain_include and mstx_domain_exclude only apply when mstx or msprof_tx is True; torch_npu warns and ignores them.</source>
        <translation>mstx_domain_include 和 mstx_domain_exclude 仅在 mstx 或 msprof_tx 为 True 时生效；torch_npu 会发出警告并忽略它们。</translation>
    </message>
    <message>
        <source>%1 must be a list of domain names; torch_npu warns and uses an empty list.</source>
        <translation>%1 必须是域名称列表；torch_npu 会发出警告并改用空列表。</translation>
    </message>
    <message>
        <source>Every entry of %1 must be a string; torch_npu warns and uses an empty list.</source>
        <translation>%1 的每一项都必须是字符串；torch_npu 会发出警告并改用空列表。</translation>
    </message>
    <message>
        <source>mstx_domain_include and mstx_domain_exclude cannot both be set; torch_npu warns and uses only mstx_domain_include.</source>
        <translation>mstx_domain_include 和 mstx_domain_exclude 不能同时设置；torch_npu 会发出警告并只使用 mstx_domain_include。</translation>
    </message>
    <message>
        <source>host_sys must be a list; torch_npu warns and uses an empty list.</source>
        <translation>host_sys 必须是列表；torch_npu 会发出警告并改用空列表。</translation>
    </message>
    <message>
        <source>host_sys accepts only &quot;cpu&quot;, &quot;mem&quot;, &quot;disk&quot;, &quot;network&quot;, &quot;osrt&quot; and &quot;numa&quot; (the HostSystem values); torch_npu warns and uses an empty list.</source>
        <translation>host_sys 只接受 &quot;cpu&quot;、&quot;mem&quot;、&quot;disk&quot;、&quot;network&quot;、&quot;osrt&quot; 和 &quot;numa&quot;（HostSystem 的取值）；torch_npu 会发出警告并改用空列表。</translation>
    </message>
    <message>
        <source>schedule must be torch_npu.profiler.schedule(...) (an object here); torch_npu warns and records every step.</source>
        <translation>schedule 必须是 torch_npu.profiler.schedule(...)（此处为对象）；torch_npu 会发出警告并记录每一步。</translation>
    </message>
    <message>
        <source>torch_npu.profiler.schedule requires %1 (Python stops with a TypeError).</source>
        <translation>torch_npu.profiler.schedule 必须给出 %1（Python 会因 TypeError 停止）。</translation>
    </message>
    <message>
        <source>schedule %1 must be a whole number of at least 1; torch_npu warns and uses %2.</source>
        <translation>schedule 的 %1 必须是不小于 1 的整数；torch_npu 会发出警告并改用 %2。</translation>
    </message>
    <message>
        <source>schedule %1 must be a whole number of at least 0; torch_npu warns and uses %2.</source>
        <translation>schedule 的 %1 必须是不小于 0 的整数；torch_npu 会发出警告并改用 %2。</translation>
    </message>
    <message>
        <source>schedule skip_first_wait must be a whole number; torch_npu warns and uses 0.</source>
        <translation>schedule 的 skip_first_wait 必须是整数；torch_npu 会发出警告并改用 0。</translation>
    </message>
    <message>
        <source>The schedule has no warmup step, so the first recorded step includes the profiler&apos;s start-up cost; torch_npu warns that this can skew the results (use warmup=1 or more).</source>
        <translation>该 schedule 没有预热步，第一个记录的步会包含性能分析器的启动开销；torch_npu 会警告这可能使结果失真（请使用 warmup=1 或更大）。</translation>
    </message>
    <message>
        <source>on_trace_ready must be torch_npu.profiler.tensorboard_trace_handler(...) (an object here); torch_npu warns and drops it.</source>
        <translation>on_trace_ready 必须是 torch_npu.profiler.tensorboard_trace_handler(...)（此处为对象）；torch_npu 会发出警告并丢弃它。</translation>
    </message>
    <message>
        <source>worker_name must be a non-empty string of fewer than 226 characters; torch_npu warns and uses the default ({hostname}_{pid}).</source>
        <translation>worker_name 必须是少于 226 个字符的非空字符串；torch_npu 会发出警告并改用默认值（{hostname}_{pid}）。</translation>
    </message>
    <message>
        <source>dir_name must be a non-empty string; torch_npu warns and uses the default (ASCEND_WORK_PATH or the current directory).</source>
        <translation>dir_name 必须是非空字符串；torch_npu 会发出警告并改用默认值（ASCEND_WORK_PATH 或当前目录）。</translation>
    </message>
    <message>
        <source>The torch_npu profiler config is not valid JSON: %1 at character %2.</source>
        <translation>torch_npu 性能分析配置不是有效的 JSON：第 %2 个字符处%1。</translation>
    </message>
    <message>
        <source>The torch_npu profiler config must be a JSON object whose keys are the parameters of torch_npu.profiler.profile(...).</source>
        <translation>torch_npu 性能分析配置必须是一个 JSON 对象，其键为 torch_npu.profiler.profile(...) 的参数。</translation>
    </message>
    <message>
        <source>activities must be a list such as [&quot;CPU&quot;, &quot;NPU&quot;] (torch_npu.profiler.ProfilerActivity members).</source>
        <translation>activities 必须是列表，例如 [&quot;CPU&quot;, &quot;NPU&quot;]（torch_npu.profiler.ProfilerActivity 的成员）。</translation>
    </message>
    <message>
        <source>torch_npu supports only the activities CPU and NPU; it warns and records both.</source>
        <translation>torch_npu 只支持 CPU 和 NPU 两种 activity；它会发出警告并两者都记录。</translation>
    </message>
    <message>
        <source>experimental_config must be torch_npu.profiler._ExperimentalConfig(...) (an object here); torch_npu warns and uses the default configuration.</source>
        <translation>experimental_config 必须是 torch_npu.profiler._ExperimentalConfig(...)（此处为对象）；torch_npu 会发出警告并改用默认配置。</translation>
    </message>
    <message>
        <source>Without the NPU activity torch_npu ignores experimental_config and records no device data.</source>
        <translation>没有 NPU activity 时，torch_npu 会忽略 experimental_config，也不记录设备数据。</translation>
    </message>
    <message>
        <source>GC detection needs the CPU activity; without it torch_npu records no GC events.</source>
        <translation>GC 检测需要 CPU activity；没有它时 torch_npu 不记录 GC 事件。</translation>
    </message>
    <message>
        <source>use_cuda has no effect on an NPU; torch_npu warns and ignores it.</source>
        <translation>use_cuda 在 NPU 上不起作用；torch_npu 会发出警告并忽略它。</translation>
    </message>
    <message>
        <source>Line %1: a string literal is not terminated, so the script cannot be read past it.</source>
        <translation>第 %1 行：字符串字面量未结束，因此无法继续读取其后的脚本内容。</translation>
    </message>
    <message>
        <source>Line %1: the script uses torch.profiler.profile, PyTorch&apos;s own profiler, which records no NPU data; torch_npu.profiler.profile(...) takes the same arguments.</source>
        <translation>第 %1 行：脚本使用的是 PyTorch 自带的性能分析器 torch.profiler.profile，它不记录 NPU 数据；torch_npu.profiler.profile(...) 接受相同的参数。</translation>
    </message>
    <message>
        <source>No torch_npu.profiler.profile(...) call found in the script.</source>
        <translation>脚本中没有找到 torch_npu.profiler.profile(...) 调用。</translation>
    </message>
    <message>
        <source>Line %1: the profile(...) call is not closed.</source>
        <translation>第 %1 行：profile(...) 调用的括号没有闭合。</translation>
    </message>
    <message>
        <source>Line %1: on_trace_ready is the script&apos;s own function %2, which NPU Scope does not model; it is left out.</source>
        <translation>第 %1 行：on_trace_ready 是脚本自定义的函数 %2，NPU Scope 不对其建模，已略去。</translation>
    </message>
    <message>
        <source>Line %1: %2: %3</source>
        <translation>第 %1 行：%2：%3</translation>
    </message>
    <message>
        <source>Line %1: the profile(...) arguments are unpacked from a variable (**kwargs), which is only known when the script runs; write them out as keyword arguments.</source>
        <translation>第 %1 行：profile(...) 的参数从变量中解包（**kwargs），只有运行脚本时才能知道；请把它们写成关键字参数。</translation>
    </message>
    <message>
        <source>Line %1: torch_npu.profiler.profile(...) takes keyword arguments only (Python stops with a TypeError on a positional one).</source>
        <translation>第 %1 行：torch_npu.profiler.profile(...) 只接受关键字参数（传入位置参数时 Python 会因 TypeError 停止）。</translation>
    </message>
    <message>
        <source>no value is given</source>
        <translation>没有给出值</translation>
    </message>
    <message>
        <source>the variables refer to each other in a loop</source>
        <translation>变量之间循环引用</translation>
    </message>
    <message>
        <source>a string literal is not terminated</source>
        <translation>字符串字面量未结束</translation>
    </message>
    <message>
        <source>an f-string is only known when the script runs; use a plain string literal</source>
        <translation>f-string 只有运行脚本时才能知道；请使用普通字符串字面量</translation>
    </message>
    <message>
        <source>the variable %1 is not assigned before this line</source>
        <translation>变量 %1 在此行之前没有赋值</translation>
    </message>
    <message>
        <source>a dict is not a value this parameter takes</source>
        <translation>此参数不接受字典</translation>
    </message>
    <message>
        <source>%1 has no member %2 (Python stops with an AttributeError)</source>
        <translation>%1 没有成员 %2（Python 会因 AttributeError 停止）</translation>
    </message>
    <message>
        <source>%1 is only known when the script runs; use a literal or a torch_npu.profiler constant</source>
        <translation>%1 只有运行脚本时才能知道；请使用字面量或 torch_npu.profiler 常量</translation>
    </message>
    <message>
        <source>the value comes from %1(...), which is only known when the script runs</source>
        <translation>该值来自 %1(...)，只有运行脚本时才能知道</translation>
    </message>
    <message>
        <source>the value is an expression NPU Scope cannot read without running the script</source>
        <translation>该值是一个表达式，NPU Scope 不运行脚本就无法读取</translation>
    </message>
    <message>
        <source>%1 is not a number Python reads</source>
        <translation>%1 不是 Python 能读取的数字</translation>
    </message>
    <message>
        <source>%1 of %2(...): %3</source>
        <translation>%2(...) 的 %1：%3</translation>
    </message>
    <message>
        <source>the arguments of %1(...) are unpacked from a variable, which is only known when the script runs</source>
        <translation>%1(...) 的参数从变量中解包，只有运行脚本时才能知道</translation>
    </message>
    <message>
        <source>%1(...) takes at most %2 positional arguments (Python stops with a TypeError)</source>
        <translation>%1(...) 最多接受 %2 个位置参数（Python 会因 TypeError 停止）</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::AdvisorView</name>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>… (%1 more)</source>
        <translation>…（另有 %1 个）</translation>
    </message>
    <message>
        <source>No findings: this run looks healthy.</source>
        <translation>未发现问题：本次运行状况良好。</translation>
    </message>
    <message>
        <source>None of the advisor&apos;s rules found input, straggler, AI CPU, launch, communication, memory or cube-utilisation problems worth a look.</source>
        <translation>专家建议的各项规则均未发现值得关注的输入、慢卡、AI CPU、下发、通信、访存或 Cube 利用率问题。</translation>
    </message>
    <message>
        <source>Severity:</source>
        <translation>严重程度：</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>关键数据</translation>
    </message>
    <message>
        <source>Devices:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Iterations:</source>
        <translation>迭代：</translation>
    </message>
    <message>
        <source>Ops:</source>
        <translation>算子：</translation>
    </message>
    <message>
        <source>Affected</source>
        <translation>影响范围</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Select a session in the project explorer to analyse it.</source>
        <translation>请在工程浏览器中选择一个会话进行分析。</translation>
    </message>
    <message>
        <source>Analysing session %1…</source>
        <translation>正在分析会话 %1…</translation>
    </message>
    <message>
        <source>The session could not be analysed: %1</source>
        <translation>无法分析该会话：%1</translation>
    </message>
    <message>
        <source>1 finding in session %1</source>
        <translation>会话 %1 中发现 1 个问题</translation>
    </message>
    <message>
        <source>%1 findings in session %2</source>
        <translation>会话 %2 中发现 %1 个问题</translation>
    </message>
    <message>
        <source>%1 (critical: %2, warnings: %3)</source>
        <translation>%1（严重：%2，警告：%3）</translation>
    </message>
    <message>
        <source>Advisor</source>
        <translation>专家建议</translation>
    </message>
    <message>
        <source>Analyse Again</source>
        <translation>重新分析</translation>
    </message>
    <message>
        <source>Run the advisor&apos;s rules on the session again</source>
        <translation>对该会话重新运行专家建议规则</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>No device tasks in this session: the rules that read them could not run.</source>
        <translation>该会话没有设备任务：依赖设备任务的规则无法运行。</translation>
    </message>
    <message numerus="yes">
        <source>No findings from the rules that ran; %n rule(s) could not run.</source>
        <translation>
            <numerusform>已运行的规则没有发现问题；%n 条规则无法运行。</numerusform>
        </translation>
    </message>
    <message>
        <source>No findings in what was recorded.</source>
        <translation>在已记录的内容中没有发现问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n rule(s) could not run.</source>
        <translation>
            <numerusform>%n 条规则无法运行。</numerusform>
        </translation>
    </message>
    <message>
        <source>None of the advisor&apos;s rules found a problem in what was recorded.</source>
        <translation>顾问的规则在已记录的内容中没有发现问题。</translation>
    </message>
    <message>
        <source>The rules that ran found no problem.</source>
        <translation>已运行的规则没有发现问题。</translation>
    </message>
    <message>
        <source>Rules that could not run</source>
        <translation>无法运行的规则</translation>
    </message>
    <message>
        <source>Record the session with the options named to let these rules run.</source>
        <translation>请打开上述选项重新录制会话，以便这些规则能够运行。</translation>
    </message>
    <message>
        <source>Show in Timeline pins and highlights device(s) %1 and selects the place of the finding.</source>
        <translation>“在时间线中显示”会固定到顶部并高亮设备 %1，并选中该发现的位置。</translation>
    </message>
    <message>
        <source>Show in Timeline pins and highlights device(s) %1 and selects iteration %2.</source>
        <translation>“在时间线中显示”会固定到顶部并高亮设备 %1，并选中迭代 %2。</translation>
    </message>
    <message>
        <source>Show in Timeline pins and highlights device(s) %1 and selects iterations %2 to %3.</source>
        <translation>“在时间线中显示”会固定到顶部并高亮设备 %1，并选中迭代 %2 至 %3。</translation>
    </message>
    <message>
        <source>Open the timeline on the finding&apos;s devices (pinned and highlighted) and iterations (selected)</source>
        <translation>在时间线中打开该发现涉及的设备（固定到顶部并高亮）和迭代（选中）</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ChartsView</name>
    <message>
        <source>Top op types</source>
        <translation>Top 算子类型</translation>
    </message>
    <message>
        <source>Iteration breakdown</source>
        <translation>迭代耗时拆解</translation>
    </message>
    <message>
        <source>Iteration time per device</source>
        <translation>各设备的迭代耗时</translation>
    </message>
    <message>
        <source>AI Core pipe ratios</source>
        <translation>AI Core 流水线占比</translation>
    </message>
    <message>
        <source>Collective bandwidth</source>
        <translation>集合通信带宽</translation>
    </message>
    <message>
        <source>L2 hit rate</source>
        <translation>L2 命中率</translation>
    </message>
    <message>
        <source>&amp;Top N:</source>
        <translation>Top N(&amp;T)：</translation>
    </message>
    <message>
        <source>How many op types the op-type charts show; the rest are summed as &quot;Other&quot;.</source>
        <translation>算子类型图表中显示的算子类型数量；其余的合并为“其他”。</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the chart shown as a PNG image or a PDF document</source>
        <translation>将当前显示的图表保存为 PNG 图片或 PDF 文档</translation>
    </message>
    <message>
        <source>Clear range</source>
        <translation>清除范围</translation>
    </message>
    <message>
        <source>Show the whole selection again instead of the time range selected in the timeline</source>
        <translation>重新显示整个选择内容，而不只是时间线中选定的时间范围</translation>
    </message>
    <message>
        <source>Select a session in the project explorer to see its charts.</source>
        <translation>请在工程浏览器中选择一个会话以查看其图表。</translation>
    </message>
    <message>
        <source>Session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>模型 %1</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>The session could not be read: %1</source>
        <translation>无法读取该会话：%1</translation>
    </message>
    <message>
        <source>Computing the charts…</source>
        <translation>正在计算图表…</translation>
    </message>
    <message>
        <source>Total time of the op type</source>
        <translation>该算子类型的总耗时</translation>
    </message>
    <message numerus="yes">
        <source>Other (%n op types)</source>
        <translation>
            <numerusform>其他（%n 个算子类型）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
Total: %2 (%3 % of all)
Tasks: %4
Mean: %5</source>
        <translation>%1
总计：%2（占全部的 %3 %）
任务数：%4
平均：%5</translation>
    </message>
    <message>
        <source>Other op types</source>
        <translation>其他算子类型</translation>
    </message>
    <message>
        <source>Total time (%1)</source>
        <translation>总耗时（%1）</translation>
    </message>
    <message numerus="yes">
        <source>Top %n op types by total time</source>
        <translation>
            <numerusform>总耗时 Top %n 的算子类型</numerusform>
        </translation>
    </message>
    <message>
        <source>FP→BP</source>
        <translation>FP→BP</translation>
    </message>
    <message>
        <source>Iteration Refresh</source>
        <translation>Iteration Refresh</translation>
    </message>
    <message>
        <source>Data Aug Bound</source>
        <translation>Data Aug Bound</translation>
    </message>
    <message>
        <source>Iteration time</source>
        <translation>迭代耗时</translation>
    </message>
    <message>
        <source>Iteration %1 on device %2
Iteration time: %3
FP→BP: %4
Iteration Refresh: %5
Data Aug Bound: %6
Click to show it in the timeline.</source>
        <translation>设备 %2 上的迭代 %1
迭代耗时：%3
FP→BP：%4
Iteration Refresh：%5
Data Aug Bound：%6
单击可在时间线中显示。</translation>
    </message>
    <message>
        <source>none (first iteration)</source>
        <translation>无（第一次迭代）</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Time (%1)</source>
        <translation>时间（%1）</translation>
    </message>
    <message>
        <source>Iteration breakdown on device %1 (model %2)</source>
        <translation>设备 %1 的迭代耗时拆解（模型 %2）</translation>
    </message>
    <message>
        <source>Device %1 (straggler)</source>
        <translation>设备 %1（慢卡）</translation>
    </message>
    <message>
        <source>Device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>Device %1 FP→BP</source>
        <translation>设备 %1 FP→BP</translation>
    </message>
    <message>
        <source>Device %1, iteration %2</source>
        <translation>设备 %1，迭代 %2</translation>
    </message>
    <message>
        <source>%1
Iteration time: %2
FP→BP: %3
Mean iteration time of the device: %4
Click to show it in the timeline.</source>
        <translation>%1
迭代耗时：%2
FP→BP：%3
该设备的平均迭代耗时：%4
单击可在时间线中显示。</translation>
    </message>
    <message>
        <source>%1
FP→BP (compute): %2
Mean FP→BP of the device: %3
Click to show it in the timeline.</source>
        <translation>%1
FP→BP（计算）：%2
该设备的平均 FP→BP：%3
单击可在时间线中显示。</translation>
    </message>
    <message>
        <source>Time (%1) — solid: iteration time, dashed: FP→BP</source>
        <translation>时间（%1）— 实线：迭代耗时，虚线：FP→BP</translation>
    </message>
    <message>
        <source>Iteration time per device — straggler: device %1</source>
        <translation>各设备的迭代耗时 — 慢卡：设备 %1</translation>
    </message>
    <message>
        <source>%1: %2 %</source>
        <translation>%1：%2 %</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n AI Core tasks, %2)</source>
        <translation>
            <numerusform>%1（%n 个 AI Core 任务，%2）</numerusform>
        </translation>
    </message>
    <message>
        <source>Share of the task time each pipe is busy (%, time-weighted; pipes overlap, so a stack can pass 100)</source>
        <translation>各流水线忙碌时间占任务时间的比例（%，按时间加权；各流水线相互重叠，因此堆叠值可能超过 100）</translation>
    </message>
    <message numerus="yes">
        <source>AI Core pipe ratios of the top %n op types by time</source>
        <translation>
            <numerusform>耗时 Top %n 算子类型的 AI Core 流水线占比</numerusform>
        </translation>
    </message>
    <message>
        <source>Collective op (payload / op duration)</source>
        <translation>集合通信算子（数据量 / 算子时长）</translation>
    </message>
    <message>
        <source>HCCL transport (bytes moved / task time)</source>
        <translation>HCCL 传输（搬运字节数 / 任务耗时）</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2)
%3 GB/s
%4 in %5 over %n occurrences</source>
        <translation>
            <numerusform>%1（%2）
%3 GB/s
%n 次，共 %4，用时 %5</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 transport</source>
        <translation>%1 传输</translation>
    </message>
    <message numerus="yes">
        <source>%1 transport
%2 GB/s
%3 in %4 over %n HCCL tasks</source>
        <translation>
            <numerusform>%1 传输
%2 GB/s
%n 个 HCCL 任务，共 %3，用时 %4</numerusform>
        </translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽（GB/s）</translation>
    </message>
    <message>
        <source>AI Core tasks</source>
        <translation>AI Core 任务</translation>
    </message>
    <message numerus="yes">
        <source>Hit rate %1–%2 %
%n AI Core tasks</source>
        <translation>
            <numerusform>命中率 %1–%2 %
%n 个 AI Core 任务</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1 % of %2)</source>
        <translation> (占 %2 个的 %1 %)</translation>
    </message>
    <message>
        <source>Mean %1 %</source>
        <translation>平均 %1 %</translation>
    </message>
    <message>
        <source>Mean hit rate: %1 % over %2 AI Core tasks</source>
        <translation>平均命中率：%1 %（共 %2 个 AI Core 任务）</translation>
    </message>
    <message>
        <source>L2 hit rate (%)</source>
        <translation>L2 命中率（%）</translation>
    </message>
    <message>
        <source>The chart &quot;%1&quot; has no data to export.</source>
        <translation>图表 &quot;%1&quot; 没有可导出的数据。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither a .png nor a .pdf file name.</source>
        <translation>&quot;%1&quot; 不是 .png 或 .pdf 文件名。</translation>
    </message>
    <message>
        <source>The chart could not be written to %1 (check that the folder exists and is writable).</source>
        <translation>无法将图表写入 %1（请检查文件夹是否存在且可写）。</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>The session has no iteration with step-trace markers.</source>
        <translation>该会话没有带 step trace 标记的迭代。</translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation>内存随时间变化</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>已预留</translation>
    </message>
    <message>
        <source>active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Module %1 %2</source>
        <translation>模块 %1 %2</translation>
    </message>
    <message>
        <source>Operators&apos; total %1</source>
        <translation>算子合计 %1</translation>
    </message>
    <message>
        <source>Memory (GiB)</source>
        <translation>内存（GiB）</translation>
    </message>
    <message>
        <source>Memory (MiB)</source>
        <translation>内存（MiB）</translation>
    </message>
    <message>
        <source>Memory over time on device %1</source>
        <translation>设备 %1 的内存随时间变化</translation>
    </message>
    <message numerus="yes">
        <source> — %n module(s) reserved nothing and are not drawn</source>
        <translation>
            <numerusform> — %n 个模块未预留任何内存，未绘制</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
%2 at %3 on the timeline&apos;s time axis</source>
        <translation>%1
%2，时间线时间轴上的 %3</translation>
    </message>
    <message>
        <source>Time on the timeline&apos;s axis (%1; 0 = its first event, earlier samples are negative)</source>
        <translation>时间线时间轴上的时间（%1；0 = 其第一个事件，更早的采样为负值）</translation>
    </message>
    <message>
        <source>The devices the charts cover: all of them, or the ones you pick</source>
        <translation>图表涵盖的设备：全部设备，或您选择的设备</translation>
    </message>
    <message>
        <source>All devices</source>
        <translation>全部设备</translation>
    </message>
    <message numerus="yes">
        <source>All %n device(s)</source>
        <translation>
            <numerusform>全部 %n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>Devices %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>Devices: %1</source>
        <translation>设备：%1</translation>
    </message>
    <message>
        <source>tasks and iterations starting in the %1 selected in the timeline</source>
        <translation>在时间线中所选 %1 内开始的任务和迭代</translation>
    </message>
    <message>
        <source>No iteration of model %1 with step-trace markers in the selection.</source>
        <translation>所选范围内模型 %1 没有带迭代轨迹标记的迭代。</translation>
    </message>
    <message>
        <source>Iteration (one stack per device, devices %1 to %2 from left to right)</source>
        <translation>迭代（每个设备一个堆叠柱，从左到右为设备 %1 至 %2）</translation>
    </message>
    <message numerus="yes">
        <source>Iteration breakdown on %n devices (model %1)</source>
        <translation>
            <numerusform>%n 个设备上的迭代分解（模型 %1）</numerusform>
        </translation>
    </message>
    <message>
        <source> (devices with memory records: %1; pick one with the Devices button)</source>
        <translation>（有内存记录的设备：%1；请用“设备”按钮选择一个）</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::CommunicationTableModel</name>
    <message numerus="yes">
        <source>All ops (%n op(s))</source>
        <translation>
            <numerusform>全部算子（%n 个）</numerusform>
        </translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Wait / (wait + transit), as msprof defines it; — when both are 0</source>
        <translation>等待 / (等待 + 传输)，与 msprof 的定义相同；两者均为 0 时显示 —</translation>
    </message>
    <message>
        <source>Synchronisation / (synchronisation + transit); — when both are 0</source>
        <translation>同步 / (同步 + 传输)；两者均为 0 时显示 —</translation>
    </message>
    <message>
        <source>No transfer over %1 in this op: no bandwidth to show</source>
        <translation>该算子没有经 %1 的传输：无带宽可显示</translation>
    </message>
    <message>
        <source>%1: %2 MB in %3 ms</source>
        <translation>%1：%2 MB，用时 %3 ms</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Elapse (ms)</source>
        <translation>耗时（ms）</translation>
    </message>
    <message>
        <source>Transit (ms)</source>
        <translation>传输（ms）</translation>
    </message>
    <message>
        <source>Wait (ms)</source>
        <translation>等待（ms）</translation>
    </message>
    <message>
        <source>Synchronisation (ms)</source>
        <translation>同步（ms）</translation>
    </message>
    <message>
        <source>Idle (ms)</source>
        <translation>空闲（ms）</translation>
    </message>
    <message>
        <source>Wait ratio</source>
        <translation>等待比</translation>
    </message>
    <message>
        <source>Synchronisation ratio</source>
        <translation>同步比</translation>
    </message>
    <message>
        <source>%1 (GB/s)</source>
        <translation>%1（GB/s）</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::CommunicationView</name>
    <message>
        <source>device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>All ops</source>
        <translation>全部算子</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽（GB/s）</translation>
    </message>
    <message>
        <source>Transferred (MB)</source>
        <translation>传输量（MB）</translation>
    </message>
    <message>
        <source>Destination rank</source>
        <translation>目的 rank</translation>
    </message>
    <message>
        <source>Source rank</source>
        <translation>源 rank</translation>
    </message>
    <message>
        <source>The data has no rank × rank matrix.</source>
        <translation>数据中没有 rank × rank 矩阵。</translation>
    </message>
    <message>
        <source>Each cell is what rank (row) sent to rank (column), summed over the ops of the matrix; the diagonal is copies within a card. Empty cells: the data names no transfer between the two ranks.</source>
        <translation>每个单元格表示行所在 rank 发送给列所在 rank 的数据，按该矩阵的算子求和；对角线为卡内拷贝。空白单元格：数据中没有这两个 rank 之间的传输。</translation>
    </message>
    <message numerus="yes">
        <source>Only %n rank(s) of the %1 in the group were captured, so the other rows are empty.</source>
        <translation>
            <numerusform>通信组的 %1 个 rank 中只采集了 %n 个，因此其他行为空。</numerusform>
        </translation>
    </message>
    <message>
        <source>Rank %1 → rank %2 over %3
%4 MB in %5 ms
Bandwidth: %6</source>
        <translation>rank %1 → rank %2，经 %3
%4 MB，用时 %5 ms
带宽：%6</translation>
    </message>
    <message>
        <source>an unknown link</source>
        <translation>未知链路</translation>
    </message>
    <message>
        <source>unknown (no transfer time)</source>
        <translation>未知（无传输时间）</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>Rank %1 → rank %2: no transfer in the data</source>
        <translation>rank %1 → rank %2：数据中没有传输</translation>
    </message>
    <message>
        <source>Select a session in the project explorer to see its communication.</source>
        <translation>请在工程浏览器中选择一个会话以查看其通信情况。</translation>
    </message>
    <message>
        <source>Analysing the communication of session %1…</source>
        <translation>正在分析会话 %1 的通信…</translation>
    </message>
    <message>
        <source>The session could not be analysed: %1</source>
        <translation>无法分析该会话：%1</translation>
    </message>
    <message>
        <source>This session holds no communication: no collective ops, HCCL tasks or communication statistics. They come from runs on several devices recorded with HCCL profiling on, and from imported torch_npu or msprof output that has communication.json or analysis.db.</source>
        <translation>该会话不包含通信数据：没有集合通信算子、HCCL 任务或通信统计。这些数据来自开启 HCCL 采集的多设备运行，或来自包含 communication.json 或 analysis.db 的 torch_npu / msprof 导入数据。</translation>
    </message>
    <message>
        <source>Figures as the profiler computed them (communication.json, communication_matrix.json or analysis.db).</source>
        <translation>数值为性能工具自身的计算结果（communication.json、communication_matrix.json 或 analysis.db）。</translation>
    </message>
    <message>
        <source>Figures derived from the session&apos;s HCCL tasks with msprof&apos;s definitions.</source>
        <translation>数值按 msprof 的定义由本会话的 HCCL 任务推导得出。</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Slowest rank: %1&lt;/b&gt;: the others wait for it (%2 waits %3 % of its wait and transit time, mostly to synchronise).</source>
        <translation>&lt;b&gt;最慢的 rank：%1&lt;/b&gt;：其他 rank 都在等待它（%2 在等待与传输时间中有 %3 % 用于等待，主要是同步等待）。</translation>
    </message>
    <message>
        <source>No slow rank: no rank waits most of its time for the others.</source>
        <translation>没有慢卡：没有哪个 rank 把大部分时间花在等待其他 rank 上。</translation>
    </message>
    <message>
        <source>Rank that waits least: &lt;b&gt;%1&lt;/b&gt; (wait ratio %2 %).</source>
        <translation>等待最少的 rank：&lt;b&gt;%1&lt;/b&gt;（等待比 %2 %）。</translation>
    </message>
    <message>
        <source>The data names no link type, so no bandwidth per link type is shown.</source>
        <translation>数据中没有链路类型，因此不显示各链路类型的带宽。</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Matrix:</source>
        <translation>矩阵：</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Colour the matrix by the megabytes sent or by the bandwidth reached</source>
        <translation>按发送的数据量（MB）或达到的带宽为矩阵着色</translation>
    </message>
    <message>
        <source>The colour scale covers the links between cards; the faster copies within a card are drawn in its darkest colour.</source>
        <translation>颜色刻度覆盖卡间链路；更快的卡内拷贝以最深的颜色绘制。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::CompareOpsModel</name>
    <message>
        <source>%1%2 %</source>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <source>%1 is among the top regressions: B spends %2 more per iteration per device than A.</source>
        <translation>%1 属于劣化最多的算子类型之一：B 每设备每次迭代比 A 多耗时 %2。</translation>
    </message>
    <message>
        <source>Op Type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Count A</source>
        <translation>次数 A</translation>
    </message>
    <message>
        <source>Count B</source>
        <translation>次数 B</translation>
    </message>
    <message>
        <source>Mean A</source>
        <translation>平均值 A</translation>
    </message>
    <message>
        <source>Mean B</source>
        <translation>平均值 B</translation>
    </message>
    <message>
        <source>Per Iteration A</source>
        <translation>每迭代 A</translation>
    </message>
    <message>
        <source>Per Iteration B</source>
        <translation>每迭代 B</translation>
    </message>
    <message>
        <source>Δ Per Iteration</source>
        <translation>Δ 每迭代</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Total A</source>
        <translation>总计 A</translation>
    </message>
    <message>
        <source>Total B</source>
        <translation>总计 B</translation>
    </message>
    <message>
        <source>Number of tasks of this op type in the whole run</source>
        <translation>整个运行中该算子类型的任务数</translation>
    </message>
    <message>
        <source>Mean task duration</source>
        <translation>平均任务时长</translation>
    </message>
    <message>
        <source>Task time of this op type per iteration per device: comparable between runs with different iteration or device counts</source>
        <translation>该算子类型每设备每次迭代的任务耗时：可在迭代数或设备数不同的运行之间比较</translation>
    </message>
    <message>
        <source>Per iteration B − per iteration A (positive: B is slower)</source>
        <translation>每迭代 B − 每迭代 A（正值：B 更慢）</translation>
    </message>
    <message>
        <source>Δ relative to A&apos;s time per iteration</source>
        <translation>Δ 相对于 A 每迭代耗时的比例</translation>
    </message>
    <message>
        <source>Task time of this op type over the whole run</source>
        <translation>整个运行中该算子类型的任务耗时</translation>
    </message>
    <message>
        <source>A&apos;s %1 per iteration is too small to divide by; read the absolute Δ (%2).</source>
        <translation>A 每次迭代的 %1 太小，不宜作为百分比的基数；请看绝对差值 Δ（%2）。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::CompareView</name>
    <message>
        <source>The project %1 holds no sessions to compare with.</source>
        <translation>工程 %1 中没有可用于比较的会话。</translation>
    </message>
    <message>
        <source>#%1 %2 (%3)</source>
        <translation>#%1 %2（%3）</translation>
    </message>
    <message>
        <source>Other project…</source>
        <translation>其他工程…</translation>
    </message>
    <message>
        <source>Session %1 is not in the project.</source>
        <translation>会话 %1 不在该工程中。</translation>
    </message>
    <message>
        <source>Compare with a Session of Another Project</source>
        <translation>与其他工程的会话比较</translation>
    </message>
    <message>
        <source>NPU Scope projects (*.npuscope);;All files (*)</source>
        <translation>NPU Scope 工程 (*.npuscope);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot Compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <source>Only sessions of the open project can be run A; run B is from another project.</source>
        <translation>只有当前打开工程中的会话才能作为会话 A；会话 B 来自其他工程。</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>No regressions: no op type takes longer per iteration in B than in A.</source>
        <translation>无劣化：没有任何算子类型在 B 中的每迭代耗时比 A 长。</translation>
    </message>
    <message>
        <source>%1 +%2 (%3)</source>
        <translation>%1 +%2（%3）</translation>
    </message>
    <message>
        <source>Top regressions (B slower than A per iteration, highlighted below): %1</source>
        <translation>劣化最多（B 每迭代比 A 慢，已在下方高亮）：%1</translation>
    </message>
    <message>
        <source>Open a project to compare its sessions.</source>
        <translation>请打开一个工程以比较其中的会话。</translation>
    </message>
    <message>
        <source>Record a second session, or pick one of another project as run B, to compare.</source>
        <translation>请再记录一个会话，或选择其他工程中的会话作为会话 B，以进行比较。</translation>
    </message>
    <message>
        <source>Choose run A and run B to compare.</source>
        <translation>请选择要比较的会话 A 和会话 B。</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Run A and run B are the same session: every difference is zero.</source>
        <translation>会话 A 与会话 B 是同一个会话：所有差值均为零。</translation>
    </message>
    <message>
        <source>Δ = B − A; per iteration per device.</source>
        <translation>Δ = B − A；按每设备每次迭代计。</translation>
    </message>
    <message>
        <source>Run A:</source>
        <translation>会话 A：</translation>
    </message>
    <message>
        <source>Run B:</source>
        <translation>会话 B：</translation>
    </message>
    <message>
        <source>Swap</source>
        <translation>交换</translation>
    </message>
    <message>
        <source>Exchange run A and run B</source>
        <translation>交换会话 A 和会话 B</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Timelines</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Step time (mean per iteration)</source>
        <translation>各阶段耗时（每次迭代平均值）</translation>
    </message>
    <message>
        <source>Op types by impact (click a header to sort)</source>
        <translation>按影响排序的算子类型（单击表头可排序）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Δ (B − A)</source>
        <translation>Δ (B − A)</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Lock zoom (aligned on each run&apos;s first iteration)</source>
        <translation>锁定缩放（按各运行的第一次迭代对齐）</translation>
    </message>
    <message>
        <source>Zooming or scrolling one timeline shows the same place of the other run</source>
        <translation>缩放或滚动其中一条时间线时，另一次运行的时间线会显示相同位置</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ExportDialog</name>
    <message>
        <source>Export Into</source>
        <translation>导出到</translation>
    </message>
    <message>
        <source>Export Session %1</source>
        <translation>导出会话 %1</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>Devices:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>Iterations:</source>
        <translation>迭代：</translation>
    </message>
    <message>
        <source>Files:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>all, or from</source>
        <translation>全部，或从</translation>
    </message>
    <message>
        <source>All models</source>
        <translation>所有模型</translation>
    </message>
    <message>
        <source>Device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>A PROF_… directory is created inside this folder</source>
        <translation>将在此文件夹中创建 PROF_… 目录</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Cancel Export</source>
        <translation>取消导出</translation>
    </message>
    <message>
        <source>Choose the folder to export into.</source>
        <translation>请选择要导出到的文件夹。</translation>
    </message>
    <message>
        <source>Select at least one device.</source>
        <translation>请至少选择一个设备。</translation>
    </message>
    <message>
        <source>Select at least one kind of file.</source>
        <translation>请至少选择一种文件。</translation>
    </message>
    <message>
        <source>The first iteration (%1) comes after the last (%2).</source>
        <translation>起始迭代（%1）在结束迭代（%2）之后。</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s) to &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</source>
        <translation>
            <numerusform>已导出 %n 个文件到 &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;。</numerusform>
        </translation>
    </message>
    <message>
        <source>The export was cancelled. Files written so far are complete; none is half-written.</source>
        <translation>导出已取消。已写入的文件均完整，不存在写了一半的文件。</translation>
    </message>
    <message>
        <source>&amp;Layout:</source>
        <translation>布局(&amp;L)：</translation>
    </message>
    <message>
        <source>msprof, legacy PROF layout (Ascend 910, CANN up to 6)</source>
        <translation>msprof 旧版 PROF 布局（Ascend 910，CANN 6 及以前）</translation>
    </message>
    <message>
        <source>msprof, CANN 8 layout (mindstudio_profiler_output)</source>
        <translation>msprof CANN 8 布局（mindstudio_profiler_output）</translation>
    </message>
    <message>
        <source>torch_npu text export (*_ascend_pt folders)</source>
        <translation>torch_npu 文本导出（*_ascend_pt 文件夹）</translation>
    </message>
    <message>
        <source>Which profiler&apos;s output the export imitates; docs/export.md describes each layout</source>
        <translation>导出模仿哪种性能分析工具的输出；各布局见 docs/export.md</translation>
    </message>
    <message>
        <source>msprof, unified SQLite export (msprof_*.db)</source>
        <translation>msprof，统一 SQLite 导出（msprof_*.db）</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::FieldForm</name>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Output Directory</source>
        <translation>输出目录</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::FilterTableView</name>
    <message>
        <source>e.g. 10..50</source>
        <translation>例如 10..50</translation>
    </message>
    <message>
        <source>contains…</source>
        <translation>包含…</translation>
    </message>
    <message>
        <source>Filter %1: a..b (range, inclusive), &gt;x, &gt;=x, &lt;x, &lt;=x, =x, plain text (contains) or /regex/</source>
        <translation>过滤 %1：a..b（范围，含两端）、&gt;x、&gt;=x、&lt;x、&lt;=x、=x、纯文本（包含）或 /regex/</translation>
    </message>
    <message>
        <source>Filter %1: text it contains (any case) or /regex/</source>
        <translation>过滤 %1：所含文本（不区分大小写）或 /regex/</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ImportResultDialog</name>
    <message>
        <source> (byte %1)</source>
        <translation> (第 %1 字节)</translation>
    </message>
    <message numerus="yes">
        <source> (%n times in this file)</source>
        <translation>
            <numerusform> (在此文件中出现 %n 次)</numerusform>
        </translation>
    </message>
    <message>
        <source>Import Finished</source>
        <translation>导入完成</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 events and rows of %2 were imported into session %3 of %4.&lt;/b&gt;</source>
        <translation>&lt;b&gt;已将 %2 中的 %1 个事件和行导入到 %4 的会话 %3 中。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Import Failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing was imported from %1.&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;The project is unchanged.</source>
        <translation>&lt;b&gt;未从 %1 导入任何内容。&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;工程未被修改。</translation>
    </message>
    <message>
        <source>Import Cancelled</source>
        <translation>导入已取消</translation>
    </message>
    <message>
        <source>&lt;b&gt;The import of %1 was cancelled.&lt;/b&gt;&lt;br&gt;Nothing of it was kept: the project is unchanged.</source>
        <translation>&lt;b&gt;%1 的导入已取消。&lt;/b&gt;&lt;br&gt;未保留任何导入内容：工程未被修改。</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>目录结构</translation>
    </message>
    <message>
        <source>Files read</source>
        <translation>已读取的文件</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Events and rows read</source>
        <translation>读取的事件和行</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>Duplicates of other files</source>
        <translation>与其他文件重复</translation>
    </message>
    <message>
        <source>Derived (recomputed on export)</source>
        <translation>派生（导出时重新计算）</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Not in the input:</source>
        <translation>输入中缺少：</translation>
    </message>
    <message>
        <source>No problems were found.</source>
        <translation>未发现问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s): each names the file, the line and byte offset, and the reason.</source>
        <translation>
            <numerusform>%n 个问题：每个问题都列出了文件、行号、字节偏移量和原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Byte offset</source>
        <translation>字节偏移量</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>&amp;Copy Problems</source>
        <translation>复制问题(&amp;C)</translation>
    </message>
    <message>
        <source>msprof newer layout (mindstudio_profiler_output)</source>
        <translation>msprof 新版目录结构（mindstudio_profiler_output）</translation>
    </message>
    <message>
        <source>msprof legacy layout (device_N)</source>
        <translation>msprof 旧版目录结构（device_N）</translation>
    </message>
    <message>
        <source>torch_npu / MindSpore text export</source>
        <translation>torch_npu / MindSpore 文本导出</translation>
    </message>
    <message>
        <source>torch_npu / MindSpore SQLite export</source>
        <translation>torch_npu / MindSpore SQLite 导出</translation>
    </message>
    <message>
        <source>msprof SQLite export</source>
        <translation>msprof SQLite 导出</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::MainWindow</name>
    <message>
        <source>NPU Scope</source>
        <translation>NPU Scope</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>记录数</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;New Session…</source>
        <translation>新建会话(&amp;N)…</translation>
    </message>
    <message>
        <source>Record a new emulated training session</source>
        <translation>记录一个新的仿真训练会话</translation>
    </message>
    <message>
        <source>&amp;Open Project…</source>
        <translation>打开工程(&amp;O)…</translation>
    </message>
    <message>
        <source>Save Project &amp;As…</source>
        <translation>工程另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save a copy of the project (safe while a session is being recorded)</source>
        <translation>保存工程的副本（正在记录会话时也可安全执行）</translation>
    </message>
    <message>
        <source>&amp;Export Session…</source>
        <translation>导出会话(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About NPU Scope</source>
        <translation>关于 NPU Scope(&amp;A)</translation>
    </message>
    <message>
        <source>Cannot Open Project</source>
        <translation>无法打开工程</translation>
    </message>
    <message>
        <source>%1 - NPU Scope</source>
        <translation>%1 - NPU Scope</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>Launch mode</source>
        <translation>启动模式</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>任务数</translation>
    </message>
    <message>
        <source>profiling_options</source>
        <translation>profiling_options</translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>打开工程</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Advisor</source>
        <translation>专家建议</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>SQL</source>
        <translation>SQL</translation>
    </message>
    <message>
        <source>Write the selected session as a PROF directory (timeline JSON and summary CSV)</source>
        <translation>将所选会话写为 PROF 目录（timeline JSON 和 summary CSV）</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>重新加载(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清除菜单(&amp;C)</translation>
    </message>
    <message>
        <source>Main Tool Bar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Project Explorer</source>
        <translation>工程浏览器</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Import in Progress</source>
        <translation>正在导入</translation>
    </message>
    <message>
        <source>A PROF directory is being imported. Stop it and quit? Nothing of the unfinished import is kept.</source>
        <translation>正在导入 PROF 目录。是否停止导入并退出？未完成的导入内容不会保留。</translation>
    </message>
    <message>
        <source>Recording in Progress</source>
        <translation>正在记录</translation>
    </message>
    <message>
        <source>A session is being recorded. Stop it and quit? What was recorded so far is kept.</source>
        <translation>正在记录会话。是否停止记录并退出？已记录的数据会保留。</translation>
    </message>
    <message>
        <source>Opening Project</source>
        <translation>正在打开工程</translation>
    </message>
    <message>
        <source>Upgrade Project?</source>
        <translation>升级工程？</translation>
    </message>
    <message>
        <source>%1

Upgrade the project now? Older versions of NPU Scope cannot open the upgraded file; they can still open the backup.</source>
        <translation>%1

是否立即升级工程？旧版本的 NPU Scope 无法打开升级后的文件，但仍可打开备份。</translation>
    </message>
    <message>
        <source>%1 was not opened because it was not upgraded.</source>
        <translation>%1 未升级，因此未打开。</translation>
    </message>
    <message>
        <source>Upgraded %1 from schema %2 to schema %3; the original is kept as %4.</source>
        <translation>已将 %1 从 schema %2 升级到 schema %3；原文件保留为 %4。</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>已打开 %1。</translation>
    </message>
    <message>
        <source>Upgrading Project</source>
        <translation>正在升级项目</translation>
    </message>
    <message>
        <source>Keeping the original of %1 as a backup and upgrading it…</source>
        <translation>正在将 %1 的原始文件保留为备份并升级…</translation>
    </message>
    <message>
        <source>NPU Scope projects (*.npuscope);;All files (*)</source>
        <translation>NPU Scope 工程 (*.npuscope);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&lt;h3&gt;NPU Scope&lt;/h3&gt;&lt;p&gt;Open a project (&lt;b&gt;File → Open Project…&lt;/b&gt;, or drop a .npuscope file here) or record a new emulated session (&lt;b&gt;File → New Session…&lt;/b&gt;).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;NPU Scope&lt;/h3&gt;&lt;p&gt;打开一个工程（&lt;b&gt;文件 → 打开工程…&lt;/b&gt;，或将 .npuscope 文件拖放到此处），或记录一个新的仿真会话（&lt;b&gt;文件 → 新建会话…&lt;/b&gt;）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Project %1&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;工程 %1&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Session %1: %2&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;会话 %1：%2&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Imported from</source>
        <translation>导入自</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>目录结构</translation>
    </message>
    <message>
        <source>%1 per server × %2 server(s)</source>
        <translation>每台服务器 %1 个 × %2 台服务器</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Aged by storage_limit</source>
        <translation>因 storage_limit 老化删除</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Import&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;导入&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Events and rows read</source>
        <translation>读取的事件和行</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>Duplicates of other files</source>
        <translation>与其他文件重复</translation>
    </message>
    <message>
        <source>Derived (recomputed on export)</source>
        <translation>派生（导出时重新计算）</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Not in the input</source>
        <translation>输入中不包含</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) found during the import:</source>
        <translation>
            <numerusform>导入过程中发现 %n 个问题：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n times in this file)</source>
        <translation>
            <numerusform> (在此文件中出现 %n 次)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (npuscope query --format json lists them all).</source>
        <translation>
            <numerusform>… 另有 %n 个（npuscope query --format json 会列出全部）。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;h4&gt;Device %1, model %2&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;设备 %1，模型 %2&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>FP to BP</source>
        <translation>FP 到 BP</translation>
    </message>
    <message>
        <source>All-reduce segments</source>
        <translation>All-reduce 分段数</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>正忙</translation>
    </message>
    <message>
        <source>Save As was cancelled; nothing was written.</source>
        <translation>已取消另存为；未写入任何内容。</translation>
    </message>
    <message>
        <source>Saving a copy of %1 as %2…</source>
        <translation>正在将 %1 的副本保存为 %2…</translation>
    </message>
    <message>
        <source>Invalid Session</source>
        <translation>无效的会话</translation>
    </message>
    <message>
        <source>Wait for the current run or import to finish, or cancel it first.</source>
        <translation>请等待当前运行或导入完成，或先将其取消。</translation>
    </message>
    <message>
        <source>Recording %1…</source>
        <translation>正在记录 %1…</translation>
    </message>
    <message>
        <source>Recording %1 into %2.</source>
        <translation>正在将 %1 记录到 %2。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Iteration %1 of %2 · %3 records/s · elapsed %4 · remaining %5</source>
        <translation>迭代 %1/%2 · %3 条记录/秒 · 已用时 %4 · 剩余 %5</translation>
    </message>
    <message>
        <source>The run failed.</source>
        <translation>运行失败。</translation>
    </message>
    <message>
        <source>Run Failed</source>
        <translation>运行失败</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n iteration(s); what was recorded is kept.</source>
        <translation>
            <numerusform>在 %n 次迭代后取消；已记录的数据会保留。</numerusform>
        </translation>
    </message>
    <message>
        <source>Recorded %1 records in %2.</source>
        <translation>已记录 %1 条记录，用时 %2。</translation>
    </message>
    <message>
        <source>Cancelling the import; what it wrote is being removed…</source>
        <translation>正在取消导入；正在删除其已写入的内容…</translation>
    </message>
    <message>
        <source>Saving a copy of the project…</source>
        <translation>正在保存工程副本…</translation>
    </message>
    <message>
        <source>The project was not saved.</source>
        <translation>工程未保存。</translation>
    </message>
    <message>
        <source>Cannot Save Project</source>
        <translation>无法保存工程</translation>
    </message>
    <message>
        <source>Saved a copy as %1.</source>
        <translation>已将副本保存为 %1。</translation>
    </message>
    <message>
        <source>Save Project As</source>
        <translation>工程另存为</translation>
    </message>
    <message>
        <source>-copy</source>
        <translation>-copy</translation>
    </message>
    <message>
        <source>NPU Scope projects (*.npuscope)</source>
        <translation>NPU Scope 工程 (*.npuscope)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Select a session in the project explorer first.</source>
        <translation>请先在工程浏览器中选择一个会话。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>New Project for the Import</source>
        <translation>用于导入的新工程</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>Cannot Import</source>
        <translation>无法导入</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Importing %1 into %2.</source>
        <translation>正在将 %1 导入到 %2。</translation>
    </message>
    <message>
        <source>Importing: %1 of %2 files, %3 of %4</source>
        <translation>正在导入：第 %1/%2 个文件，%3/%4</translation>
    </message>
    <message>
        <source>Imported %1 events and rows into session %2.</source>
        <translation>已将 %1 个事件和行导入到会话 %2。</translation>
    </message>
    <message numerus="yes">
        <source>Imported %1 into session %2 of %3: %4 events and rows imported, %5 skipped, %n problem(s).</source>
        <translation>
            <numerusform>已将 %1 导入到 %3 的会话 %2：导入事件和行 %4 个，跳过 %5 个，发现 %n 个问题。</numerusform>
        </translation>
    </message>
    <message>
        <source>Import cancelled; nothing of it was kept and the project is unchanged.</source>
        <translation>导入已取消；未保留任何导入内容，工程未被修改。</translation>
    </message>
    <message>
        <source>The import failed; the project is unchanged.</source>
        <translation>导入失败；工程未被修改。</translation>
    </message>
    <message>
        <source>Import problem at %1: %2</source>
        <translation>导入问题（%1）：%2</translation>
    </message>
    <message>
        <source>Export %1: %2</source>
        <translation>导出 %1：%2</translation>
    </message>
    <message>
        <source>About NPU Scope</source>
        <translation>关于 NPU Scope</translation>
    </message>
    <message>
        <source>&amp;Import Profiler Output…</source>
        <translation>导入性能数据(&amp;I)…</translation>
    </message>
    <message>
        <source>Read profiler output into the project as a new session: msprof PROF_* folders (legacy or newer layout), torch_npu / MindSpore *_ascend_pt / *_ascend_ms folders (text or SQLite), or a folder of several ranks; you can also drop a folder or a .db file on the window</source>
        <translation>将性能数据作为新会话读入工程：msprof 的 PROF_* 文件夹（旧版或新版目录结构）、torch_npu / MindSpore 的 *_ascend_pt / *_ascend_ms 文件夹（文本或 SQLite），或包含多个 rank 的文件夹；也可以把文件夹或 .db 文件拖放到窗口上</translation>
    </message>
    <message>
        <source>Import Profiler Output (a PROF_* folder, a *_ascend_pt or *_ascend_ms folder, or a folder of ranks)</source>
        <translation>导入性能数据（PROF_* 文件夹、*_ascend_pt 或 *_ascend_ms 文件夹，或包含多个 rank 的文件夹）</translation>
    </message>
    <message>
        <source>&lt;h3&gt;NPU Scope %1&lt;/h3&gt;&lt;p&gt;A profiler for AI training on Ascend NPUs, with an Ascend 910 / 910B emulator, msprof-compatible exports and a SQLite project file.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;NPU Scope %1&lt;/h3&gt;&lt;p&gt;面向昇腾 NPU 的 AI 训练性能分析工具，内置 Ascend 910 / 910B 仿真器，可导出 msprof 兼容格式的数据，并使用 SQLite 工程文件。&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Checking the integrity of %1 (%2)…</source>
        <translation>正在检查 %1 的完整性（%2）…</translation>
    </message>
    <message>
        <source>Chip</source>
        <translation>芯片</translation>
    </message>
    <message>
        <source>%1 recorded of %2 requested</source>
        <translation>已记录 %1 次，请求 %2 次</translation>
    </message>
    <message>
        <source>Import time</source>
        <translation>导入用时</translation>
    </message>
    <message>
        <source>Recording time</source>
        <translation>记录用时</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Session %1 is now called &quot;%2&quot;.</source>
        <translation>会话 %1 现在名为“%2”。</translation>
    </message>
    <message>
        <source>&amp;Verify Project</source>
        <translation>校验工程(&amp;V)</translation>
    </message>
    <message>
        <source>Check every page of the project file for damage (nothing in it is changed)</source>
        <translation>逐页检查工程文件是否损坏（不会改动文件内容）</translation>
    </message>
    <message>
        <source>Verifying %1…</source>
        <translation>正在校验 %1…</translation>
    </message>
    <message>
        <source>The project %1 is intact: its header, schema and all %2 were checked.</source>
        <translation>工程 %1 完好：已检查其文件头、表结构及全部 %2。</translation>
    </message>
    <message>
        <source>Verify Project</source>
        <translation>校验工程</translation>
    </message>
    <message>
        <source>%1

Nothing in the project was changed. Sessions and records on undamaged pages can still be read and exported; reads that meet a damaged page report it. Keep a copy of the file before recording into it again.</source>
        <translation>%1

工程中的内容没有被改动。位于未损坏页面上的会话和记录仍可读取和导出；读到损坏页面时会报告错误。再次向其录制之前，请先保留该文件的副本。</translation>
    </message>
    <message>
        <source>Project Damaged</source>
        <translation>工程已损坏</translation>
    </message>
    <message>
        <source>Project Open Elsewhere</source>
        <translation>项目已在别处打开</translation>
    </message>
    <message>
        <source>The import was cancelled.</source>
        <translation>导入已取消。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::NewSessionDialog</name>
    <message>
        <source>New Session</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Input &amp;pipeline:</source>
        <translation>输入流水线(&amp;P)：</translation>
    </message>
    <message>
        <source>All-reduce se&amp;gments:</source>
        <translation>All-reduce 分段数(&amp;G)：</translation>
    </message>
    <message>
        <source>Scenarios:</source>
        <translation>场景：</translation>
    </message>
    <message>
        <source>From file…</source>
        <translation>从文件…</translation>
    </message>
    <message>
        <source>A model of the zoo, or a JSON model file of your own</source>
        <translation>内置模型库中的模型，或您自己的 JSON 模型文件</translation>
    </message>
    <message>
        <source>Mixed precision (FP16 compute)</source>
        <translation>混合精度（FP16 计算）</translation>
    </message>
    <message>
        <source>per server  ×</source>
        <translation>每台服务器  ×</translation>
    </message>
    <message>
        <source> server(s)</source>
        <translation> 台服务器</translation>
    </message>
    <message numerus="yes">
        <source>= %n device(s)</source>
        <translation>
            <numerusform>= %n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>Estimator (iterations sink to the device)</source>
        <translation>Estimator（迭代下沉到设备）</translation>
    </message>
    <message>
        <source>sess.run (host round trip per step)</source>
        <translation>sess.run（每步与 Host 往返一次）</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Batch size:</source>
        <translation>批大小(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Iterations:</source>
        <translation>迭代次数(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Devices:</source>
        <translation>设备数(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Launch mode:</source>
        <translation>启动模式(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <source>Input &amp;queue depth:</source>
        <translation>输入队列深度(&amp;Q)：</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>随机种子(&amp;S)：</translation>
    </message>
    <message>
        <source>fast enough (never the bottleneck)</source>
        <translation>足够快（永远不是瓶颈）</translation>
    </message>
    <message>
        <source> samples/s</source>
        <translation> samples/s</translation>
    </message>
    <message>
        <source>Throughput of the host input pipeline; 0 = never the bottleneck</source>
        <translation>Host 侧输入流水线的吞吐量；0 = 永远不是瓶颈</translation>
    </message>
    <message>
        <source>Same seed, same workload and options: the same records, byte for byte</source>
        <translation>种子、工作负载和选项都相同时，记录逐字节相同</translation>
    </message>
    <message>
        <source>Number of gradient all-reduce segments per iteration</source>
        <translation>每次迭代的梯度 all-reduce 分段数</translation>
    </message>
    <message>
        <source> batch(es)</source>
        <translation> 个 batch</translation>
    </message>
    <message>
        <source>Capacity of the device data queue: a deep queue absorbs a jittery input pipeline, a shallow one passes every slow batch on to the step</source>
        <translation>设备数据队列的容量：较深的队列可以吸收输入流水线的抖动，较浅的队列会把每个慢 batch 的延迟传递给训练步</translation>
    </message>
    <message>
        <source>The host input pipeline is slower than the device (Data Aug Bound)</source>
        <translation>Host 侧输入流水线比设备慢（Data Aug Bound）</translation>
    </message>
    <message>
        <source>Some ops fall back to the AI CPU</source>
        <translation>部分算子回退到 AI CPU 执行</translation>
    </message>
    <message>
        <source>Small kernels: the host cannot launch tasks fast enough</source>
        <translation>小算子：Host 侧下发任务的速度跟不上</translation>
    </message>
    <message>
        <source>One all-reduce segment after the whole backward pass</source>
        <translation>整个反向传播结束后只做一次 all-reduce</translation>
    </message>
    <message>
        <source>Model File</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <source>JSON model files (*.json);;All files (*)</source>
        <translation>JSON 模型文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Profiling options</source>
        <translation>Profiling 选项</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>profiling_options</source>
        <translation>profiling_options</translation>
    </message>
    <message>
        <source>Estimator code</source>
        <translation>Estimator 代码</translation>
    </message>
    <message>
        <source>sess.run code</source>
        <translation>sess.run 代码</translation>
    </message>
    <message>
        <source>Import from a training script</source>
        <translation>从训练脚本导入</translation>
    </message>
    <message>
        <source>Paste or open a TensorFlow script (.py), or drop it on this dialog: its profiling_options fill the form.</source>
        <translation>粘贴或打开 TensorFlow 脚本（.py），或将其拖放到此对话框：脚本中的 profiling_options 会填入表单。</translation>
    </message>
    <message>
        <source>&amp;Paste Script…</source>
        <translation>粘贴脚本(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Open Script…</source>
        <translation>打开脚本(&amp;O)…</translation>
    </message>
    <message>
        <source>Open Training Script</source>
        <translation>打开训练脚本</translation>
    </message>
    <message>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python 脚本 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Preset</source>
        <translation>保存预设</translation>
    </message>
    <message>
        <source>Name of the preset:</source>
        <translation>预设名称：</translation>
    </message>
    <message>
        <source>Pre&amp;set:</source>
        <translation>预设(&amp;S)：</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>&amp;Record into:</source>
        <translation>记录到(&amp;R)：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose the project file (a new session is added to an existing project)</source>
        <translation>选择工程文件（新会话会添加到已有工程中）</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in the workload</source>
        <translation>
            <numerusform>工作负载中有 %n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in the profiling options</source>
        <translation>
            <numerusform>Profiling 选项中有 %n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready to run %1 × %n iteration(s).</source>
        <translation>
            <numerusform>已准备好运行 %1 × %n 次迭代。</numerusform>
        </translation>
    </message>
    <message>
        <source>Run is disabled: %1.</source>
        <translation>无法运行：%1。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source># Fix the problems in the profiling options to see the code.</source>
        <translation># 请先修正 Profiling 选项中的问题，再查看代码。</translation>
    </message>
    <message>
        <source>The script contains no profiling_options.</source>
        <translation>脚本中不包含 profiling_options。</translation>
    </message>
    <message>
        <source>Imported the options of line %1 (PROFILING_OPTIONS environment variable).</source>
        <translation>已导入第 %1 行的选项（PROFILING_OPTIONS 环境变量）。</translation>
    </message>
    <message>
        <source>Imported the options of line %1 (sess.run form).</source>
        <translation>已导入第 %1 行的选项（sess.run 形式）。</translation>
    </message>
    <message>
        <source>Imported the options of line %1 (Estimator form).</source>
        <translation>已导入第 %1 行的选项（Estimator 形式）。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) are marked in the form.</source>
        <translation>
            <numerusform>表单中标出了 %n 个问题。</numerusform>
        </translation>
    </message>
    <message>
        <source>The script %1 could not be read: %2.</source>
        <translation>无法读取脚本 %1：%2。</translation>
    </message>
    <message>
        <source>Paste Training Script</source>
        <translation>粘贴训练脚本</translation>
    </message>
    <message>
        <source>Paste the training script (or the part that sets profiling_options):</source>
        <translation>粘贴训练脚本（或其中设置 profiling_options 的部分）：</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>%1 (built-in)</source>
        <translation>%1（内置）</translation>
    </message>
    <message>
        <source>Choose a preset…</source>
        <translation>选择预设…</translation>
    </message>
    <message>
        <source>Project File</source>
        <translation>工程文件</translation>
    </message>
    <message>
        <source>NPU Scope projects (*.npuscope)</source>
        <translation>NPU Scope 工程 (*.npuscope)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Choose a model file.</source>
        <translation>请选择模型文件。</translation>
    </message>
    <message>
        <source>Choose a project file to record into.</source>
        <translation>请选择要记录到的工程文件。</translation>
    </message>
    <message>
        <source>&amp;Clock base:</source>
        <translation>时钟基准(&amp;C)：</translation>
    </message>
    <message>
        <source>now (the real clock)</source>
        <translation>现在（真实时钟）</translation>
    </message>
    <message>
        <source>Date the collection as starting at this ISO 8601 time, e.g. 2024-05-17T09:30:00Z, instead of now: with the same seed the exported files are then identical byte for byte, folder name included</source>
        <translation>将采集的开始时间设为此 ISO 8601 时间（例如 2024-05-17T09:30:00Z），而非当前时间：种子相同时，导出的文件（包括文件夹名）逐字节相同</translation>
    </message>
    <message>
        <source>C&amp;hip:</source>
        <translation>芯片(&amp;H)：</translation>
    </message>
    <message>
        <source>Ascend 910 (32 AI Cores; two 4-card HCCS groups per server)</source>
        <translation>Ascend 910（32 个 AI Core；每台服务器两组 4 卡 HCCS 互联）</translation>
    </message>
    <message>
        <source>Ascend 910B (24 cube + 48 vector cores; 8 cards fully connected by HCCS)</source>
        <translation>Ascend 910B（24 个 Cube 核 + 48 个 Vector 核；8 卡通过 HCCS 全互联）</translation>
    </message>
    <message>
        <source>The chip the session is emulated on: its cores, clocks, memory and links (docs/emulator.md, Chips)</source>
        <translation>仿真会话所用的芯片：其核心、时钟、内存与互联链路（见 docs/emulator.md 的“Chips”一节）</translation>
    </message>
    <message>
        <source>TensorFlow — profiling_options</source>
        <translation>TensorFlow — profiling_options</translation>
    </message>
    <message>
        <source>PyTorch — torch_npu.profiler</source>
        <translation>PyTorch — torch_npu.profiler</translation>
    </message>
    <message>
        <source>The framework of the training script, and so the profiler configuration the session is recorded with</source>
        <translation>训练脚本所用的框架，也决定了会话按哪种 Profiler 配置记录</translation>
    </message>
    <message>
        <source>Python code</source>
        <translation>Python 代码</translation>
    </message>
    <message>
        <source>JSON (--torch-profiler-config)</source>
        <translation>JSON（--torch-profiler-config）</translation>
    </message>
    <message>
        <source>&amp;Framework:</source>
        <translation>框架(&amp;F)：</translation>
    </message>
    <message>
        <source>torch_npu profiler</source>
        <translation>torch_npu Profiler</translation>
    </message>
    <message>
        <source>Paste or open a PyTorch training script (.py), or drop it on this dialog: its torch_npu.profiler.profile(...) call fills the form.</source>
        <translation>粘贴或打开 PyTorch 训练脚本（.py），或将其拖放到此对话框：脚本中的 torch_npu.profiler.profile(...) 调用会填入表单。</translation>
    </message>
    <message numerus="yes">
        <source>The torch_npu schedule records none of the %n step(s): run more iterations or shorten the schedule&apos;s skip_first, wait and warmup.</source>
        <translation>
            <numerusform>torch_npu 的 schedule 在这 %n 个 step 中一个也不记录：请增加迭代次数，或缩短 schedule 的 skip_first、wait 和 warmup。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in the torch_npu profiler config</source>
        <translation>
            <numerusform>torch_npu Profiler 配置中有 %n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready to run %1 × %n step(s) with torch_npu&apos;s profiler.</source>
        <translation>
            <numerusform>已准备好使用 torch_npu Profiler 运行 %1 × %n 个 step。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>torch_npu corrects %n setting(s) (marked in the form) and runs with the corrected values.</source>
        <translation>
            <numerusform>torch_npu 会修正 %n 项设置（已在表单中标出），并按修正后的值运行。</numerusform>
        </translation>
    </message>
    <message>
        <source># Fix the problems in the torch_npu profiler config to see the code.</source>
        <translation># 请先修正 torch_npu Profiler 配置中的问题，再查看代码。</translation>
    </message>
    <message>
        <source>Paste the training script (or the part that calls torch_npu.profiler.profile(...)):</source>
        <translation>粘贴训练脚本（或其中调用 torch_npu.profiler.profile(...) 的部分）：</translation>
    </message>
    <message>
        <source>P&amp;arallelism (LLM):</source>
        <translation>并行(&amp;A)（LLM）：</translation>
    </message>
    <message>
        <source>dp </source>
        <translation>dp </translation>
    </message>
    <message>
        <source>tp </source>
        <translation>tp </translation>
    </message>
    <message>
        <source>pp </source>
        <translation>pp </translation>
    </message>
    <message>
        <source> micro-batch(es)</source>
        <translation> 个 micro-batch</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Data, tensor and pipeline parallelism of an LLM model (devices = dp × tp × pp, servers of 8); micro-batches per step of the 1F1B schedule; the batch size is the micro-batch size</source>
        <translation>LLM 模型的数据、张量和流水线并行（设备数 = dp × tp × pp，每台服务器 8 卡）；1F1B 调度中每步的 micro-batch 数；批大小即 micro-batch 大小</translation>
    </message>
    <message>
        <source>The last device (an LLM session: the rank set with --straggler-rank) runs 30 % slower; the others wait for it</source>
        <translation>最后一个设备（LLM 会话中为 --straggler-rank 指定的 rank）慢 30 %；其他设备等待它</translation>
    </message>
    <message>
        <source>LLM: one micro-batch per step, so the pipeline stages mostly wait</source>
        <translation>LLM：每步只有一个 micro-batch，流水线各 stage 大部分时间在等待</translation>
    </message>
    <message>
        <source>LLM: tensor-parallel collectives run after their matrix products, not under them</source>
        <translation>LLM：张量并行集合通信在矩阵乘之后执行，而不是与其重叠</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::OptionsForm</name>
    <message>
        <source>Cube and vector arithmetic: FP16/INT8 and FP32 operation ratios of each task.</source>
        <translation>Cube 和 Vector 运算：每个任务的 FP16/INT8 与 FP32 运算占比。</translation>
    </message>
    <message>
        <source>Time share of each pipeline (vector, cube, scalar, MTE1–3) — where a task spends its time.</source>
        <translation>各流水线（vector、cube、scalar、MTE1–3）的耗时占比 — 任务的时间花在了哪里。</translation>
    </message>
    <message>
        <source>Main-memory and UB read/write bandwidth of each task.</source>
        <translation>每个任务的主存和 UB 读写带宽。</translation>
    </message>
    <message>
        <source>L0A/L0B/L0C buffer read/write bandwidth feeding the cube unit.</source>
        <translation>为 Cube 单元供数的 L0A/L0B/L0C 缓冲区读写带宽。</translation>
    </message>
    <message>
        <source>Unified Buffer read/write bandwidth of the vector and scalar units.</source>
        <translation>Vector 和 Scalar 单元的 Unified Buffer 读写带宽。</translation>
    </message>
    <message>
        <source>Bank and pipeline conflict ratios: how often units wait for each other.</source>
        <translation>Bank 冲突与流水线冲突占比：各单元相互等待的频率。</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Choose the output directory</source>
        <translation>选择输出目录</translation>
    </message>
    <message>
        <source>Output directory:</source>
        <translation>输出目录：</translation>
    </message>
    <message>
        <source>unset: 90 % of free space</source>
        <translation>未设置：可用空间的 90 %</translation>
    </message>
    <message>
        <source>Ageing limit of the recorded data, 200 to 4294967295 MB; the oldest data is deleted first when the limit is reached.</source>
        <translation>已记录数据的老化上限，200 到 4294967295 MB；达到上限时最早的数据会被优先删除。</translation>
    </message>
    <message>
        <source>Storage limit:</source>
        <translation>存储上限：</translation>
    </message>
    <message>
        <source>MB (200–4294967295)</source>
        <translation>MB (200–4294967295)</translation>
    </message>
    <message>
        <source>Traces</source>
        <translation>轨迹</translation>
    </message>
    <message>
        <source>Training trace (FP/BP, iteration end, all-reduce)</source>
        <translation>训练轨迹（FP/BP、迭代结束、all-reduce）</translation>
    </message>
    <message>
        <source>Task trace (per-task timing on the device)</source>
        <translation>任务轨迹（设备上每个任务的耗时）</translation>
    </message>
    <message>
        <source>L2 cache hit and victim rates</source>
        <translation>L2 Cache 命中率和替换率</translation>
    </message>
    <message>
        <source>HCCL collective communication</source>
        <translation>HCCL 集合通信</translation>
    </message>
    <message>
        <source>AI CPU op details</source>
        <translation>AI CPU 算子详情</translation>
    </message>
    <message>
        <source>msproftx user markers</source>
        <translation>msproftx 用户标记</translation>
    </message>
    <message>
        <source>Runtime API ranges on the host</source>
        <translation>Host 侧 Runtime API 区间</translation>
    </message>
    <message>
        <source>on (= l1)</source>
        <translation>on (= l1)</translation>
    </message>
    <message>
        <source>l1: timing, op details and PMU</source>
        <translation>l1：耗时、算子详情和 PMU</translation>
    </message>
    <message>
        <source>l0: timing only</source>
        <translation>l0：仅耗时</translation>
    </message>
    <message>
        <source>off</source>
        <translation>off</translation>
    </message>
    <message>
        <source>Task time:</source>
        <translation>任务耗时（task_time）：</translation>
    </message>
    <message>
        <source>Step trace points</source>
        <translation>迭代轨迹点（Step Trace）</translation>
    </message>
    <message>
        <source>automatic: the first forward op</source>
        <translation>自动：第一个前向算子</translation>
    </message>
    <message>
        <source>automatic: the last backward op</source>
        <translation>自动：最后一个反向算子</translation>
    </message>
    <message>
        <source>FP start op:</source>
        <translation>FP 起始算子：</translation>
    </message>
    <message>
        <source>BP end op:</source>
        <translation>BP 结束算子：</translation>
    </message>
    <message>
        <source>AI Core metrics</source>
        <translation>AI Core 指标</translation>
    </message>
    <message>
        <source>AI Core (aic_metrics):</source>
        <translation>AI Core（aic_metrics）：</translation>
    </message>
    <message>
        <source>Vector core (aiv_metrics):</source>
        <translation>Vector Core（aiv_metrics）：</translation>
    </message>
    <message>
        <source>System sampling</source>
        <translation>系统采样</translation>
    </message>
    <message>
        <source>HBM/DDR bandwidth:</source>
        <translation>HBM/DDR 带宽：</translation>
    </message>
    <message>
        <source>Hz (1–100)</source>
        <translation>Hz (1–100)</translation>
    </message>
    <message>
        <source>NIC/RoCE counters:</source>
        <translation>NIC/RoCE 计数器：</translation>
    </message>
    <message>
        <source>PCIe/HCCS counters:</source>
        <translation>PCIe/HCCS 计数器：</translation>
    </message>
    <message>
        <source>Hz (1–50)</source>
        <translation>Hz (1–50)</translation>
    </message>
    <message>
        <source>DVPP counters:</source>
        <translation>DVPP 计数器：</translation>
    </message>
    <message>
        <source>Host sampling:</source>
        <translation>Host 侧采样：</translation>
    </message>
    <message>
        <source>Instruction sampling:</source>
        <translation>指令采样：</translation>
    </message>
    <message>
        <source>(300–30000)</source>
        <translation>(300–30000)</translation>
    </message>
    <message>
        <source>default %1</source>
        <translation>默认 %1</translation>
    </message>
    <message>
        <source>Instruction sampling excludes task, trace and metric collection</source>
        <translation>指令采样与任务、轨迹及指标采集互斥</translation>
    </message>
    <message>
        <source>Host usage (host_sys):</source>
        <translation>Host 侧占用（host_sys）：</translation>
    </message>
    <message>
        <source>Host usage (host_sys_usage):</source>
        <translation>Host 侧占用（host_sys_usage）：</translation>
    </message>
    <message>
        <source>LLC counters:</source>
        <translation>LLC 计数器：</translation>
    </message>
    <message>
        <source>not used by the emulator</source>
        <translation>仿真器不使用</translation>
    </message>
    <message>
        <source>Power:</source>
        <translation>功耗：</translation>
    </message>
    <message>
        <source>op_summary columns: %1</source>
        <translation>op_summary 列：%1</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::OverviewView</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Device %1, iteration %2: %3 (FP→BP %4)
Click to show it in the timeline.</source>
        <translation>设备 %1，迭代 %2：%3（FP→BP %4）
单击可在时间线中显示。</translation>
    </message>
    <message>
        <source>Iteration time (steady, mean)</source>
        <translation>迭代时间（稳态均值）</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Iterations recorded</source>
        <translation>已记录的迭代</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>Advisor findings</source>
        <translation>专家建议发现</translation>
    </message>
    <message>
        <source>Iteration time per device</source>
        <translation>各设备的迭代耗时</translation>
    </message>
    <message>
        <source>Top op types by total time</source>
        <translation>总耗时最高的算子类型</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Total (ms)</source>
        <translation>总计（ms）</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>任务数</translation>
    </message>
    <message>
        <source>Mean (ms)</source>
        <translation>平均（ms）</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Computing the dashboard of session %1…</source>
        <translation>正在计算会话 %1 的仪表板…</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>The session could not be read: %1</source>
        <translation>无法读取该会话：%1</translation>
    </message>
    <message>
        <source>devices from %1 to %2</source>
        <translation>各设备在 %1 到 %2 之间</translation>
    </message>
    <message>
        <source>iteration 1 (warm-up) left out</source>
        <translation>不含第 1 次迭代（预热）</translation>
    </message>
    <message>
        <source>one iteration recorded</source>
        <translation>只记录了一次迭代</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>no iteration with step-trace markers</source>
        <translation>没有带迭代轨迹标记的迭代</translation>
    </message>
    <message>
        <source>%1 samples/s</source>
        <translation>%1 样本/秒</translation>
    </message>
    <message numerus="yes">
        <source>batch %1 per device × %n device(s) ÷ steady iteration time</source>
        <translation>
            <numerusform>每设备批大小 %1 × %n 个设备 ÷ 稳态迭代时间</numerusform>
        </translation>
    </message>
    <message>
        <source>The batch size is not recorded in imported profiler data.</source>
        <translation>导入的性能数据中没有记录批大小。</translation>
    </message>
    <message>
        <source>No iteration time to divide the batch by.</source>
        <translation>没有可用于计算的迭代时间。</translation>
    </message>
    <message numerus="yes">
        <source>with step-trace markers, on %n device(s)</source>
        <translation>
            <numerusform>带迭代轨迹标记，分布在 %n 个设备上</numerusform>
        </translation>
    </message>
    <message>
        <source>straggler: device %1 (FP→BP more than 10 % above the median device)</source>
        <translation>慢卡：设备 %1（FP→BP 比中位设备高 10% 以上）</translation>
    </message>
    <message>
        <source>ids %1</source>
        <translation>编号 %1</translation>
    </message>
    <message>
        <source>critical %1, warnings %2, info %3</source>
        <translation>严重 %1，警告 %2，提示 %3</translation>
    </message>
    <message numerus="yes">
        <source>%n rule(s) could not run</source>
        <translation>
            <numerusform>%n 条规则无法运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Iteration time (ms)</source>
        <translation>迭代时间（ms）</translation>
    </message>
    <message numerus="yes">
        <source>Other (%n op types)</source>
        <translation>
            <numerusform>其他（%n 个算子类型）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>AI Core and AI CPU task time per op type over the whole session; the share is of all of it.</source>
        <translation>整个会话中各算子类型的 AI Core 与 AI CPU 任务时间；占比以全部任务时间为基数。</translation>
    </message>
    <message>
        <source>Analysing…</source>
        <translation>正在分析…</translation>
    </message>
    <message>
        <source>No findings: the advisor&apos;s rules found nothing worth a look.</source>
        <translation>没有发现：专家建议规则未发现值得关注的问题。</translation>
    </message>
    <message>
        <source>No findings from the rules that ran.</source>
        <translation>已运行的规则没有发现问题。</translation>
    </message>
    <message>
        <source>devices %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>iterations %1–%2</source>
        <translation>迭代 %1–%2</translation>
    </message>
    <message>
        <source>Show in timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>Rules that could not run (the Advisor tab says why): %1</source>
        <translation>无法运行的规则（原因见“专家建议”页）：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n with step-trace markers</source>
        <translation>
            <numerusform>其中 %n 个带迭代轨迹标记</numerusform>
        </translation>
    </message>
    <message>
        <source>No iteration times to draw: no device of this session has step-trace markers (the start and end of each iteration).</source>
        <translation>没有可绘制的迭代时间：本会话没有任何设备带迭代轨迹标记（每次迭代的开始和结束）。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Changes apply immediately to every window.</source>
        <translation>更改会立即应用到所有窗口。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::ProjectExplorer</name>
    <message>
        <source>Project</source>
        <translation>工程</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>记录数</translation>
    </message>
    <message>
        <source>Session: wall-clock time of the run. Iteration: end of the previous iteration to the end of this one (step trace).</source>
        <translation>会话：运行的实际耗时。迭代：从上一次迭代结束到本次迭代结束（step trace）。</translation>
    </message>
    <message>
        <source>Session %1: %2</source>
        <translation>会话 %1：%2</translation>
    </message>
    <message>
        <source>Device %1 (rank %2)</source>
        <translation>设备 %1（rank %2）</translation>
    </message>
    <message>
        <source>Model %1: %2</source>
        <translation>模型 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n iteration(s)</source>
        <translation>
            <numerusform>%n 次迭代</numerusform>
        </translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>FP start to BP end: %1</source>
        <translation>FP 开始到 BP 结束：%1</translation>
    </message>
    <message>
        <source>No step trace: record with training_trace on to see iteration times.</source>
        <translation>没有 step trace：请在 training_trace 为 on 时记录，以查看迭代耗时。</translation>
    </message>
    <message>
        <source>&amp;Rename Session…</source>
        <translation>重命名会话(&amp;R)…</translation>
    </message>
    <message>
        <source>%1
%2, batch %3, %4, %5
F2 renames it.</source>
        <translation>%1
%2，batch %3，%4，%5
按 F2 重命名。</translation>
    </message>
    <message>
        <source>Rename Session</source>
        <translation>重命名会话</translation>
    </message>
    <message>
        <source>New name of session %1:</source>
        <translation>会话 %1 的新名称：</translation>
    </message>
    <message>
        <source>The session could not be renamed: %1</source>
        <translation>无法重命名会话：%1</translation>
    </message>
    <message>
        <source>The project is open in another NPU Scope window: it is read-only here, the session keeps its name. Rename it in that window, or close it there and open the project again.</source>
        <translation>该项目已在另一个 NPU Scope 窗口中打开：此处为只读，会话名称保持不变。请在那个窗口中重命名，或在那里关闭项目后重新打开。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::SqlResultModel</name>
    <message>
        <source>(blob, %1 bytes)</source>
        <translation>（blob，%1 字节）</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::SqlView</name>
    <message>
        <source>Type a query first, e.g. SELECT * FROM sessions.</source>
        <translation>请先输入查询语句，例如 SELECT * FROM sessions。</translation>
    </message>
    <message>
        <source>Open a project first: the SQL console queries the open project.</source>
        <translation>请先打开一个工程：SQL 控制台查询的是当前打开的工程。</translation>
    </message>
    <message>
        <source>The project %1 cannot be opened for queries.</source>
        <translation>无法打开工程 %1 进行查询。</translation>
    </message>
    <message>
        <source>The query failed.</source>
        <translation>查询失败。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>No project is open.</source>
        <translation>未打开工程。</translation>
    </message>
    <message>
        <source>Press Ctrl+Enter to run the query (read-only).</source>
        <translation>按 Ctrl+Enter 运行查询（只读）。</translation>
    </message>
    <message>
        <source>1 row · %1 ms</source>
        <translation>1 行 · %1 ms</translation>
    </message>
    <message>
        <source>%1 rows · %2 ms</source>
        <translation>%1 行 · %2 ms</translation>
    </message>
    <message>
        <source>Truncated at %1 rows (%2 in total): add a LIMIT or narrow the query to see the rest.</source>
        <translation>已截断为 %1 行（共 %2 行）：请添加 LIMIT 或缩小查询范围以查看其余部分。</translation>
    </message>
    <message>
        <source>Sessions in this project</source>
        <translation>此工程中的会话</translation>
    </message>
    <message>
        <source>Twenty longest tasks with their names</source>
        <translation>耗时最长的 20 个任务及其名称</translation>
    </message>
    <message>
        <source>Task time per op type (ns)</source>
        <translation>按算子类型统计的任务耗时（ns）</translation>
    </message>
    <message>
        <source>Iteration and FP→BP time per device</source>
        <translation>各设备的迭代耗时和 FP→BP 耗时</translation>
    </message>
    <message>
        <source>Collective communication per iteration</source>
        <translation>每次迭代的集合通信</translation>
    </message>
    <message>
        <source>Record counts per session</source>
        <translation>每个会话的记录数</translation>
    </message>
    <message>
        <source>Example queries…</source>
        <translation>示例查询…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Run the query, or the selected text (Ctrl+Enter)</source>
        <translation>运行查询或所选文本（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Interrupt the running query</source>
        <translation>中断正在运行的查询</translation>
    </message>
    <message>
        <source>SELECT … FROM tasks …   (read-only; Ctrl+Enter runs)</source>
        <translation>SELECT … FROM tasks …   （只读；按 Ctrl+Enter 运行）</translation>
    </message>
    <message>
        <source>copied to the clipboard</source>
        <translation>已复制到剪贴板</translation>
    </message>
    <message>
        <source>Export Query Result as CSV</source>
        <translation>将查询结果导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>导出已取消；未写入任何文件。</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>%1 rows exported to %2</source>
        <translation>已将 %1 行导出到 %2</translation>
    </message>
    <message>
        <source>The result was not exported: %1</source>
        <translation>结果未导出：%1</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>正在导出…</translation>
    </message>
    <message>
        <source>Views and tables (double-click inserts the name)</source>
        <translation>视图和表（双击插入名称）</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the selected cells (all when none is selected) with their column names, tab-separated for a spreadsheet (Ctrl+C)</source>
        <translation>复制所选单元格（未选择时复制全部）及列名，以制表符分隔，便于粘贴到电子表格（Ctrl+C）</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Run the query again and write every row of its result to a CSV file (no row limit)</source>
        <translation>重新运行查询，并将结果的每一行写入 CSV 文件（不受行数限制）</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::TablesView</name>
    <message>
        <source>Table:</source>
        <translation>表：</translation>
    </message>
    <message>
        <source>Group by op type</source>
        <translation>按算子类型分组</translation>
    </message>
    <message>
        <source>One row per op type (or per the kind&apos;s main name column) with count, sum, mean, min and max of every numeric column</source>
        <translation>每个算子类型（或该类表主名称列的每个值）一行，包含每个数值列的次数、总和、平均值、最小值和最大值</translation>
    </message>
    <message>
        <source>Clear Range</source>
        <translation>清除范围</translation>
    </message>
    <message>
        <source>Show the rows of the whole selection again, not only those in the timeline&apos;s selected range</source>
        <translation>重新显示整个选择内容的所有行，而不只是时间线所选时间范围内的行</translation>
    </message>
    <message>
        <source>Range: %1 – %2 µs</source>
        <translation>范围：%1 – %2 µs</translation>
    </message>
    <message>
        <source>Range: whole selection</source>
        <translation>范围：整个选择内容</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Sorting…</source>
        <translation>正在排序…</translation>
    </message>
    <message>
        <source>Filtering…</source>
        <translation>正在筛选…</translation>
    </message>
    <message>
        <source>Grouping…</source>
        <translation>正在分组…</translation>
    </message>
    <message>
        <source>No table</source>
        <translation>无表格</translation>
    </message>
    <message>
        <source>No session selected</source>
        <translation>未选择会话</translation>
    </message>
    <message>
        <source>%1 groups of %2 rows</source>
        <translation>%1 个分组，共 %2 行</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source>%1 of %2 rows</source>
        <translation>%1/%2 行</translation>
    </message>
    <message>
        <source>There is no table to export.</source>
        <translation>没有可导出的表格。</translation>
    </message>
    <message>
        <source>Could not write %1: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
    <message>
        <source>Export Visible Rows as CSV</source>
        <translation>将可见行导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export Visible Rows</source>
        <translation>导出可见行</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Show in &amp;Timeline</source>
        <translation>在时间线中显示(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Export Visible Rows as CSV…</source>
        <translation>将可见行导出为 CSV(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::TimelineView</name>
    <message>
        <source> (rank %1)</source>
        <translation> (rank %1)</translation>
    </message>
    <message>
        <source>Device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>Search op names (Enter: next, Shift+Enter: previous)</source>
        <translation>搜索算子名称（Enter：下一个，Shift+Enter：上一个）</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配项（Shift+Enter）</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>下一个匹配项（Enter）</translation>
    </message>
    <message>
        <source>Colour by task type</source>
        <translation>按任务类型着色</translation>
    </message>
    <message>
        <source>Colour by op type</source>
        <translation>按算子类型着色</translation>
    </message>
    <message>
        <source>Keyboard shortcuts (?)</source>
        <translation>键盘快捷键（?）</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Range statistics</source>
        <translation>范围统计</translation>
    </message>
    <message>
        <source>Marks</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>&lt;b&gt;Timeline keys&lt;/b&gt;&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;td&gt;W / S&lt;/td&gt;&lt;td&gt;zoom in / out at the mouse&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;A / D&lt;/td&gt;&lt;td&gt;pan left / right&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+wheel&lt;/td&gt;&lt;td&gt;zoom at the mouse&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;drag&lt;/td&gt;&lt;td&gt;pan&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Shift+drag, drag on the ruler&lt;/td&gt;&lt;td&gt;select a time range&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;F&lt;/td&gt;&lt;td&gt;zoom to the selection&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;0 / Home&lt;/td&gt;&lt;td&gt;show the whole session&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;M&lt;/td&gt;&lt;td&gt;mark the selection (kept in the project)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;click&lt;/td&gt;&lt;td&gt;select a task: details below&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Left / Right&lt;/td&gt;&lt;td&gt;previous / next event on the current lane&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Up / Down&lt;/td&gt;&lt;td&gt;current lane&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+Up / Ctrl+Down&lt;/td&gt;&lt;td&gt;move the current lane&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;H / Shift+H&lt;/td&gt;&lt;td&gt;hide the current lane / show all lanes&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;P&lt;/td&gt;&lt;td&gt;pin the current lane to the top&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Space&lt;/td&gt;&lt;td&gt;collapse / expand the current device&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Shift+R&lt;/td&gt;&lt;td&gt;reset the lane layout (kept in the project)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;/ or Ctrl+F&lt;/td&gt;&lt;td&gt;search; Enter / Shift+Enter: next / previous match&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;N / Shift+N&lt;/td&gt;&lt;td&gt;next / previous match&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;C&lt;/td&gt;&lt;td&gt;colour by task type / op type&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+C&lt;/td&gt;&lt;td&gt;copy the selected task&apos;s details&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;right-click&lt;/td&gt;&lt;td&gt;menus of a lane name, an event, the ruler or selection&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Esc&lt;/td&gt;&lt;td&gt;clear the selection, close this list&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;?&lt;/td&gt;&lt;td&gt;show / hide this list&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;b&gt;时间线快捷键&lt;/b&gt;&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;td&gt;W / S&lt;/td&gt;&lt;td&gt;以鼠标位置为中心放大 / 缩小&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;A / D&lt;/td&gt;&lt;td&gt;向左 / 向右平移&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+滚轮&lt;/td&gt;&lt;td&gt;以鼠标位置为中心缩放&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;拖动&lt;/td&gt;&lt;td&gt;平移&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Shift+拖动，在标尺上拖动&lt;/td&gt;&lt;td&gt;选择时间范围&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;F&lt;/td&gt;&lt;td&gt;缩放到所选范围&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;0 / Home&lt;/td&gt;&lt;td&gt;显示整个会话&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;M&lt;/td&gt;&lt;td&gt;标记所选范围（保存在工程中）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;单击&lt;/td&gt;&lt;td&gt;选择任务：详情显示在下方&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Left / Right&lt;/td&gt;&lt;td&gt;当前泳道上的上一个 / 下一个事件&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Up / Down&lt;/td&gt;&lt;td&gt;切换当前泳道&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+Up / Ctrl+Down&lt;/td&gt;&lt;td&gt;移动当前泳道&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;H / Shift+H&lt;/td&gt;&lt;td&gt;隐藏当前泳道 / 显示所有泳道&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;P&lt;/td&gt;&lt;td&gt;将当前泳道固定到顶部&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Space&lt;/td&gt;&lt;td&gt;折叠 / 展开当前设备&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Shift+R&lt;/td&gt;&lt;td&gt;重置泳道布局（保存在工程中）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;/ 或 Ctrl+F&lt;/td&gt;&lt;td&gt;搜索；Enter / Shift+Enter：下一个 / 上一个匹配项&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;N / Shift+N&lt;/td&gt;&lt;td&gt;下一个 / 上一个匹配项&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;C&lt;/td&gt;&lt;td&gt;按任务类型 / 算子类型着色&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Ctrl+C&lt;/td&gt;&lt;td&gt;复制所选任务的详情&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;右键单击&lt;/td&gt;&lt;td&gt;泳道名称、事件、标尺或所选范围的菜单&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Esc&lt;/td&gt;&lt;td&gt;清除选择，关闭此列表&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;?&lt;/td&gt;&lt;td&gt;显示 / 隐藏此列表&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <source>No session open.</source>
        <translation>未打开会话。</translation>
    </message>
    <message>
        <source>%1: loading the details of %2 tasks…</source>
        <translation>%1：正在加载 %2 个任务的详情…</translation>
    </message>
    <message>
        <source>The details of the session could not be loaded: %1</source>
        <translation>无法加载会话详情：%1</translation>
    </message>
    <message>
        <source>%1 (%2 ns on the device clock)</source>
        <translation>%1（设备时钟 %2 ns）</translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Device %1 · %2 · %3</source>
        <translation>设备 %1 · %2 · %3</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>The task could not be read from the project: %1</source>
        <translation>无法从工程中读取该任务：%1</translation>
    </message>
    <message>
        <source>Op Name</source>
        <translation>Op Name</translation>
    </message>
    <message>
        <source>OP Type</source>
        <translation>OP Type</translation>
    </message>
    <message>
        <source>Task Type</source>
        <translation>Task Type</translation>
    </message>
    <message>
        <source>Stream ID</source>
        <translation>Stream ID</translation>
    </message>
    <message>
        <source>Task ID</source>
        <translation>Task ID</translation>
    </message>
    <message>
        <source>Batch ID</source>
        <translation>Batch ID</translation>
    </message>
    <message>
        <source>Model ID</source>
        <translation>Model ID</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Task Wait (pending)</source>
        <translation>Task Wait（pending）</translation>
    </message>
    <message>
        <source>Block Dim</source>
        <translation>Block Dim</translation>
    </message>
    <message>
        <source>Mix Block Dim</source>
        <translation>Mix Block Dim</translation>
    </message>
    <message>
        <source>Accelerator Core</source>
        <translation>加速器核</translation>
    </message>
    <message>
        <source>Input Shapes</source>
        <translation>Input Shapes</translation>
    </message>
    <message>
        <source>Input Data Types</source>
        <translation>Input Data Types</translation>
    </message>
    <message>
        <source>Input Formats</source>
        <translation>Input Formats</translation>
    </message>
    <message>
        <source>Output Shapes</source>
        <translation>Output Shapes</translation>
    </message>
    <message>
        <source>Output Data Types</source>
        <translation>Output Data Types</translation>
    </message>
    <message>
        <source>Output Formats</source>
        <translation>Output Formats</translation>
    </message>
    <message>
        <source>Total Cycles</source>
        <translation>Total Cycles</translation>
    </message>
    <message>
        <source>PMU %1</source>
        <translation>PMU %1</translation>
    </message>
    <message>
        <source>L2 Hit Rate</source>
        <translation>L2 Hit Rate</translation>
    </message>
    <message>
        <source>L2 Victim Rate</source>
        <translation>L2 Victim Rate</translation>
    </message>
    <message>
        <source>HCCL task</source>
        <translation>HCCL 任务</translation>
    </message>
    <message>
        <source>The HCCL task could not be read from the project: %1</source>
        <translation>无法从工程中读取该 HCCL 任务：%1</translation>
    </message>
    <message>
        <source>notify_id</source>
        <translation>notify_id</translation>
    </message>
    <message>
        <source>duration estimated(us)</source>
        <translation>duration estimated(us)</translation>
    </message>
    <message>
        <source>stream id</source>
        <translation>stream id</translation>
    </message>
    <message>
        <source>task id</source>
        <translation>task id</translation>
    </message>
    <message>
        <source>task type</source>
        <translation>task type</translation>
    </message>
    <message>
        <source>src rank</source>
        <translation>src rank</translation>
    </message>
    <message>
        <source>dst rank</source>
        <translation>dst rank</translation>
    </message>
    <message>
        <source>transport type</source>
        <translation>transport type</translation>
    </message>
    <message>
        <source>size(Byte)</source>
        <translation>size(Byte)</translation>
    </message>
    <message>
        <source>data type</source>
        <translation>data type</translation>
    </message>
    <message>
        <source>link type</source>
        <translation>link type</translation>
    </message>
    <message>
        <source>bandwidth(GB/s)</source>
        <translation>bandwidth(GB/s)</translation>
    </message>
    <message>
        <source>Plane</source>
        <translation>Plane</translation>
    </message>
    <message>
        <source>Size(Byte)</source>
        <translation>Size(Byte)</translation>
    </message>
    <message>
        <source>Segment</source>
        <translation>分段</translation>
    </message>
    <message>
        <source>pid</source>
        <translation>pid</translation>
    </message>
    <message>
        <source>tid</source>
        <translation>tid</translation>
    </message>
    <message>
        <source>Model Id</source>
        <translation>Model Id</translation>
    </message>
    <message>
        <source>category</source>
        <translation>category</translation>
    </message>
    <message>
        <source>event_type</source>
        <translation>event_type</translation>
    </message>
    <message>
        <source>payload_type</source>
        <translation>payload_type</translation>
    </message>
    <message>
        <source>payload_value</source>
        <translation>payload_value</translation>
    </message>
    <message>
        <source>message_type</source>
        <translation>message_type</translation>
    </message>
    <message>
        <source>Compute_time</source>
        <translation>Compute_time</translation>
    </message>
    <message>
        <source>Memcpy_time</source>
        <translation>Memcpy_time</translation>
    </message>
    <message>
        <source>Task_time</source>
        <translation>Task_time</translation>
    </message>
    <message>
        <source>Dispatch_time</source>
        <translation>Dispatch_time</translation>
    </message>
    <message>
        <source>Total_time</source>
        <translation>Total_time</translation>
    </message>
    <message>
        <source>Iteration ID</source>
        <translation>Iteration ID</translation>
    </message>
    <message>
        <source>FP Start</source>
        <translation>FP Start</translation>
    </message>
    <message>
        <source>BP End</source>
        <translation>BP End</translation>
    </message>
    <message>
        <source>Iteration End</source>
        <translation>Iteration End</translation>
    </message>
    <message>
        <source>FP to BP Time</source>
        <translation>FP to BP Time</translation>
    </message>
    <message>
        <source>Iteration Refresh</source>
        <translation>Iteration Refresh</translation>
    </message>
    <message>
        <source>Data Aug Bound</source>
        <translation>Data Aug Bound</translation>
    </message>
    <message>
        <source>All tasks</source>
        <translation>所有任务</translation>
    </message>
    <message>
        <source>%1 in range</source>
        <translation>范围内的 %1</translation>
    </message>
    <message>
        <source>Task type</source>
        <translation>任务类型</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>(no op type)</source>
        <translation>（无算子类型）</translation>
    </message>
    <message>
        <source>Overlap Analysis, device %1</source>
        <translation>Overlap Analysis，设备 %1</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>invalid pattern</source>
        <translation>无效的模式</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>%1 matches</source>
        <translation>%1 个匹配项</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>%1 — %2 to %3 (%4)</source>
        <translation>%1 — %2 至 %3（%4）</translation>
    </message>
    <message>
        <source>Select a time range (Shift+drag) or a task before marking it.</source>
        <translation>请先选择时间范围（Shift+拖动）或任务，再进行标记。</translation>
    </message>
    <message>
        <source>Mark %1</source>
        <translation>标记 %1</translation>
    </message>
    <message>
        <source>Marked %1 in the project.</source>
        <translation>已在工程中标记 %1。</translation>
    </message>
    <message>
        <source>FP/BP</source>
        <translation>FP/BP</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message>
        <source>Data_aug Bound %1</source>
        <translation>Data_aug Bound %1</translation>
    </message>
    <message>
        <source>Lane layout reset to the msprof order.</source>
        <translation>泳道布局已重置为 msprof 顺序。</translation>
    </message>
    <message>
        <source>The saved lane layout is unreadable (%1); the timeline uses the msprof order.</source>
        <translation>无法读取已保存的泳道布局（%1）；时间线使用 msprof 顺序。</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard.</source>
        <translation>已将%1复制到剪贴板。</translation>
    </message>
    <message>
        <source>Hide lane	H</source>
        <translation>隐藏泳道	H</translation>
    </message>
    <message>
        <source>Unpin lane	P</source>
        <translation>取消固定泳道	P</translation>
    </message>
    <message>
        <source>Pin lane to the top	P</source>
        <translation>将泳道固定到顶部	P</translation>
    </message>
    <message>
        <source>Move up	Ctrl+Up</source>
        <translation>上移	Ctrl+Up</translation>
    </message>
    <message>
        <source>Move down	Ctrl+Down</source>
        <translation>下移	Ctrl+Down</translation>
    </message>
    <message>
        <source>Expand device %1	Space</source>
        <translation>展开设备 %1	Space</translation>
    </message>
    <message>
        <source>Collapse device %1	Space</source>
        <translation>折叠设备 %1	Space</translation>
    </message>
    <message>
        <source>Show all hidden lanes	Shift+H</source>
        <translation>显示所有隐藏的泳道	Shift+H</translation>
    </message>
    <message numerus="yes">
        <source>Show all %n hidden lane(s)	Shift+H</source>
        <translation>
            <numerusform>显示全部 %n 条隐藏的泳道	Shift+H</numerusform>
        </translation>
    </message>
    <message>
        <source>Reset layout	Shift+R</source>
        <translation>重置布局	Shift+R</translation>
    </message>
    <message>
        <source>Zoom to this event	F</source>
        <translation>缩放到此事件	F</translation>
    </message>
    <message>
        <source>Select its time range</source>
        <translation>选择其时间范围</translation>
    </message>
    <message>
        <source>Copy name</source>
        <translation>复制名称</translation>
    </message>
    <message>
        <source>the name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Copy details as text	Ctrl+C</source>
        <translation>以文本形式复制详情	Ctrl+C</translation>
    </message>
    <message>
        <source>the task details</source>
        <translation>任务详情</translation>
    </message>
    <message>
        <source>Find all with this name</source>
        <translation>查找所有同名事件</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) named %1.</source>
        <translation>
            <numerusform>共有 %n 个名为 %1 的事件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Zoom to selection	F</source>
        <translation>缩放到所选范围	F</translation>
    </message>
    <message>
        <source>Mark selection	M</source>
        <translation>标记所选范围	M</translation>
    </message>
    <message>
        <source>Clear selection	Esc</source>
        <translation>清除选择	Esc</translation>
    </message>
    <message>
        <source>Show the whole session	0</source>
        <translation>显示整个会话	0</translation>
    </message>
    <message>
        <source>Drag on the ruler or Shift+drag to select a range</source>
        <translation>在标尺上拖动或按住 Shift 拖动以选择时间范围</translation>
    </message>
    <message>
        <source>Device %1: click to collapse or expand its lanes</source>
        <translation>设备 %1：单击可折叠或展开其泳道</translation>
    </message>
    <message>
        <source>Device %1 · %2</source>
        <translation>设备 %1 · %2</translation>
    </message>
    <message>
        <source>+%1 more…</source>
        <translation>另外 %1 项…</translation>
    </message>
    <message>
        <source>HCCL op</source>
        <translation>HCCL 算子</translation>
    </message>
    <message>
        <source>CANN API</source>
        <translation>CANN API</translation>
    </message>
    <message>
        <source>Step all-reduce</source>
        <translation>迭代 AllReduce</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation>通信（未被掩盖）</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>AI CPU op</source>
        <translation>AI CPU 算子</translation>
    </message>
    <message>
        <source>msproftx</source>
        <translation>msproftx</translation>
    </message>
    <message>
        <source>No session open.
Open a project (File → Open Project…) or record one (File → New Session…), then select a session in the project explorer.</source>
        <translation>未打开会话。
请打开项目（文件 → 打开项目…）或录制一个会话（文件 → 新建会话…），然后在项目浏览器中选择一个会话。</translation>
    </message>
    <message>
        <source>Opening session %1…</source>
        <translation>正在打开会话 %1…</translation>
    </message>
    <message>
        <source>Device %1 pinned at the top and highlighted; its lanes are unpinned at the next focus.</source>
        <translation>设备 %1 已固定到顶部并高亮；下次聚焦时会取消其泳道的固定。</translation>
    </message>
    <message>
        <source>Devices %1 pinned at the top and highlighted; their lanes are unpinned at the next focus.</source>
        <translation>设备 %1 已固定到顶部并高亮；下次聚焦时会取消这些泳道的固定。</translation>
    </message>
    <message>
        <source>Flow to</source>
        <translation>流向</translation>
    </message>
    <message>
        <source>Flow from</source>
        <translation>流自</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 at %4 (%5; J follows)</source>
        <translation>%1 · %2 · %3，位于 %4（%5；按 J 跟随）</translation>
    </message>
    <message>
        <source>Range: %1 – %2; %3 samples.</source>
        <translation>范围：%1 – %2；%3 个采样。</translation>
    </message>
    <message>
        <source>The project is open in another NPU Scope window: it is read-only here, the mark is not saved.</source>
        <translation>该项目已在另一个 NPU Scope 窗口中打开：在此处为只读，标记未保存。</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;J&lt;/td&gt;&lt;td&gt;follow the selected event&apos;s flow arrow (launch ↔ device task)&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;J&lt;/td&gt;&lt;td&gt;跟随所选事件的流箭头（下发 ↔ 设备任务）&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>Follow flow	J</source>
        <translation>跟随流	J</translation>
    </message>
    <message>
        <source>The selected event has no flow arrow.</source>
        <translation>所选事件没有流箭头。</translation>
    </message>
    <message>
        <source>Followed the flow to %1 · %2.</source>
        <translation>已跟随流到 %1 · %2。</translation>
    </message>
    <message>
        <source>All flows</source>
        <translation>全部流</translation>
    </message>
    <message>
        <source>Draw every flow arrow in view (host launch → device task), not only those of the selected event. J or the event&apos;s menu follows an arrow to its other end.</source>
        <translation>绘制视图中的所有流箭头（主机下发 → 设备任务），而不仅是所选事件的箭头。按 J 或使用事件菜单可跟随箭头到另一端。</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>Sequence number</source>
        <translation>序列号</translation>
    </message>
    <message>
        <source>Forward thread</source>
        <translation>前向线程</translation>
    </message>
    <message>
        <source>Correlation ID</source>
        <translation>关联 ID</translation>
    </message>
    <message>
        <source>Call stack</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Python range</source>
        <translation>Python 区间</translation>
    </message>
    <message>
        <source>%1 (counter)</source>
        <translation>%1（计数器）</translation>
    </message>
    <message>
        <source>The project is open in another NPU Scope window: it is read-only here, the mark is not removed.</source>
        <translation>该项目已在另一个 NPU Scope 窗口中打开：此处为只读，标记未删除。</translation>
    </message>
    <message numerus="yes">
        <source> (+%n depth(s))</source>
        <translation>
            <numerusform>（另有 %n 层）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Top-level ranges; %n deeper call depth(s) folded in: click the triangle or press E to expand.</source>
        <translation>
            <numerusform>顶层区间；已折叠 %n 层更深的调用：点击三角形或按 E 展开。</numerusform>
        </translation>
    </message>
    <message>
        <source>Click the triangle or press E to fold the deeper call depths into this row.</source>
        <translation>点击三角形或按 E 将更深的调用层折叠到此行。</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;E&lt;/td&gt;&lt;td&gt;expand / collapse the current thread&apos;s call depths&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;E&lt;/td&gt;&lt;td&gt;展开 / 折叠当前线程的调用层&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>Expand the call depths	E</source>
        <translation>展开调用层	E</translation>
    </message>
    <message>
        <source>Collapse the call depths	E</source>
        <translation>折叠调用层	E</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 tasks on %n device(s). Press ? for the keys.</source>
        <translation>
            <numerusform>%1：%n 个设备上共 %2 个任务。按 ? 查看快捷键。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ui::TorchProfilerForm</name>
    <message>
        <source>No AI Core metrics: kernel timing only.</source>
        <translation>不采集 AI Core 指标：仅记录算子耗时。</translation>
    </message>
    <message>
        <source>L2 cache hits and misses of each kernel.</source>
        <translation>每个算子的 L2 Cache 命中与未命中。</translation>
    </message>
    <message>
        <source>Memory traffic of each kernel by memory level (GM, L2, UB).</source>
        <translation>每个算子在各级存储（GM、L2、UB）上的访存量。</translation>
    </message>
    <message>
        <source>Only mstx markers: no framework ops and no device data.</source>
        <translation>仅记录 mstx 打点：不采集框架算子，也不采集设备数据。</translation>
    </message>
    <message>
        <source>Framework ops, kernel timing on the device and the AscendCL API; no op details or AI Core metrics.</source>
        <translation>框架算子、设备上的算子耗时和 AscendCL API；不含算子详情与 AI Core 指标。</translation>
    </message>
    <message>
        <source>Level0 plus op details (shapes, data types), AI Core metrics and HCCL&apos;s tasks.</source>
        <translation>在 Level0 基础上增加算子详情（shape、数据类型）、AI Core 指标和 HCCL 的任务。</translation>
    </message>
    <message>
        <source>Level1 plus the runtime API and AI CPU op details.</source>
        <translation>在 Level1 基础上增加 Runtime API 和 AI CPU 算子详情。</translation>
    </message>
    <message>
        <source>&amp;Import from Script…</source>
        <translation>从脚本导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Read the torch_npu.profiler.profile(...) call of a PyTorch training script (without running it) into this form</source>
        <translation>读取 PyTorch 训练脚本中的 torch_npu.profiler.profile(...) 调用（不运行脚本）并填入此表单</translation>
    </message>
    <message>
        <source>Reset to Defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <source>torch_npu.profiler.profile() without arguments</source>
        <translation>不带参数的 torch_npu.profiler.profile()</translation>
    </message>
    <message>
        <source>Import from Training Script</source>
        <translation>从训练脚本导入</translation>
    </message>
    <message>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python 脚本 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Activities</source>
        <translation>采集对象（activities）</translation>
    </message>
    <message>
        <source>ProfilerActivity.CPU: the framework&apos;s ops, their shapes and call stacks on the host</source>
        <translation>ProfilerActivity.CPU：Host 侧的框架算子及其 shape 和调用栈</translation>
    </message>
    <message>
        <source>ProfilerActivity.NPU: CANN, the AscendCL API and the tasks on the device</source>
        <translation>ProfilerActivity.NPU：CANN、AscendCL API 和设备上的任务</translation>
    </message>
    <message>
        <source>Record:</source>
        <translation>记录：</translation>
    </message>
    <message>
        <source>Schedule (torch_npu.profiler.schedule)</source>
        <translation>采集调度（torch_npu.profiler.schedule）</translation>
    </message>
    <message>
        <source>Skip first:</source>
        <translation>开头跳过：</translation>
    </message>
    <message>
        <source>Steps ignored once at the start, before the first cycle</source>
        <translation>开始时（第一个周期之前）只跳过一次的 step 数</translation>
    </message>
    <message>
        <source>Wait:</source>
        <translation>等待：</translation>
    </message>
    <message>
        <source>Steps of each cycle that are not recorded</source>
        <translation>每个周期中不记录的 step 数</translation>
    </message>
    <message>
        <source>Warmup:</source>
        <translation>预热：</translation>
    </message>
    <message>
        <source>Steps of each cycle that start the profiler without keeping the data</source>
        <translation>每个周期中启动 Profiler 但不保留数据的 step 数</translation>
    </message>
    <message>
        <source>Active:</source>
        <translation>采集：</translation>
    </message>
    <message>
        <source>Steps of each cycle that are recorded</source>
        <translation>每个周期中记录的 step 数</translation>
    </message>
    <message>
        <source>Repeat:</source>
        <translation>重复：</translation>
    </message>
    <message>
        <source>Number of cycles; 0 repeats until training ends</source>
        <translation>周期数；0 表示一直重复到训练结束</translation>
    </message>
    <message>
        <source>Skip first wait:</source>
        <translation>跳过首次等待：</translation>
    </message>
    <message>
        <source>1: the first cycle has no wait steps</source>
        <translation>1：第一个周期没有等待 step</translation>
    </message>
    <message>
        <source>0 (until training ends)</source>
        <translation>0（直到训练结束）</translation>
    </message>
    <message>
        <source>cycles</source>
        <translation>个周期</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>个 step</translation>
    </message>
    <message>
        <source>Recorded with the ops</source>
        <translation>随算子记录</translation>
    </message>
    <message>
        <source>Input shapes and data types (record_shapes)</source>
        <translation>输入 shape 和数据类型（record_shapes）</translation>
    </message>
    <message>
        <source>Memory allocations and frees (profile_memory)</source>
        <translation>内存申请与释放（profile_memory）</translation>
    </message>
    <message>
        <source>Python call stacks (with_stack)</source>
        <translation>Python 调用栈（with_stack）</translation>
    </message>
    <message>
        <source>nn.Module hierarchy (with_modules)</source>
        <translation>nn.Module 层级（with_modules）</translation>
    </message>
    <message>
        <source>Floating-point operation counts (with_flops)</source>
        <translation>浮点运算次数（with_flops）</translation>
    </message>
    <message>
        <source>Save with tensorboard_trace_handler (on_trace_ready)</source>
        <translation>用 tensorboard_trace_handler 保存（on_trace_ready）</translation>
    </message>
    <message>
        <source>None: ASCEND_WORK_PATH or ./</source>
        <translation>None：ASCEND_WORK_PATH 或 ./</translation>
    </message>
    <message>
        <source>Choose the directory torch_npu writes its *_ascend_pt folders into</source>
        <translation>选择 torch_npu 写入 *_ascend_pt 文件夹的目录</translation>
    </message>
    <message>
        <source>Directory:</source>
        <translation>目录：</translation>
    </message>
    <message>
        <source>None: {hostname}_{pid}</source>
        <translation>None：{hostname}_{pid}</translation>
    </message>
    <message>
        <source>Worker name:</source>
        <translation>Worker 名称：</translation>
    </message>
    <message>
        <source>Parse the data when the run ends (analyse_flag)</source>
        <translation>运行结束时解析数据（analyse_flag）</translation>
    </message>
    <message>
        <source>Parse in a separate process (async_mode)</source>
        <translation>在独立进程中解析（async_mode）</translation>
    </message>
    <message>
        <source>Collection (_ExperimentalConfig)</source>
        <translation>采集配置（_ExperimentalConfig）</translation>
    </message>
    <message>
        <source>Profiler level:</source>
        <translation>采集等级：</translation>
    </message>
    <message>
        <source>AI Core metrics:</source>
        <translation>AI Core 指标：</translation>
    </message>
    <message>
        <source>ExportType.Text: trace_view.json and the CSV summaries</source>
        <translation>ExportType.Text：trace_view.json 和 CSV 汇总文件</translation>
    </message>
    <message>
        <source>ExportType.Db: one ascend_pytorch_profiler.db SQLite file</source>
        <translation>ExportType.Db：一个 ascend_pytorch_profiler.db SQLite 文件</translation>
    </message>
    <message>
        <source>Export type:</source>
        <translation>导出格式：</translation>
    </message>
    <message>
        <source>None: no GC detection</source>
        <translation>None：不检测 GC</translation>
    </message>
    <message>
        <source>Record Python garbage collections longer than this many milliseconds</source>
        <translation>记录耗时超过此毫秒数的 Python 垃圾回收</translation>
    </message>
    <message>
        <source>GC threshold:</source>
        <translation>GC 阈值：</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>L2 cache hit rates (l2_cache)</source>
        <translation>L2 Cache 命中率（l2_cache）</translation>
    </message>
    <message>
        <source>Operator attributes (op_attr, db export only)</source>
        <translation>算子属性（op_attr，仅 db 导出）</translation>
    </message>
    <message>
        <source>Operator arguments for AOE tuning (record_op_args)</source>
        <translation>供 AOE 调优使用的算子参数（record_op_args）</translation>
    </message>
    <message>
        <source>Delete the intermediate files after parsing (data_simplification)</source>
        <translation>解析后删除中间文件（data_simplification）</translation>
    </message>
    <message>
        <source>Markers (mstx)</source>
        <translation>打点（mstx）</translation>
    </message>
    <message>
        <source>mstx markers and ranges (mstx)</source>
        <translation>mstx 打点与区间（mstx）</translation>
    </message>
    <message>
        <source>msprof_tx markers (deprecated; msprof_tx)</source>
        <translation>msprof_tx 打点（已废弃；msprof_tx）</translation>
    </message>
    <message>
        <source>every domain</source>
        <translation>所有 domain</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Domain names, separated by commas</source>
        <translation>domain 名称，以逗号分隔</translation>
    </message>
    <message>
        <source>Only domains:</source>
        <translation>仅这些 domain：</translation>
    </message>
    <message>
        <source>Except domains:</source>
        <translation>排除这些 domain：</translation>
    </message>
    <message>
        <source>System sampling</source>
        <translation>系统采样</translation>
    </message>
    <message>
        <source>Host (host_sys):</source>
        <translation>Host（host_sys）：</translation>
    </message>
    <message>
        <source>NIC and RoCE counters (sys_io)</source>
        <translation>NIC 和 RoCE 计数器（sys_io）</translation>
    </message>
    <message>
        <source>HCCS, PCIe and SIO counters (sys_interconnection)</source>
        <translation>HCCS、PCIe 和 SIO 计数器（sys_interconnection）</translation>
    </message>
    <message>
        <source>Default for %1 (%2)</source>
        <translation>%1 的默认值（%2）</translation>
    </message>
    <message>
        <source>Without a schedule every step is recorded.</source>
        <translation>未设置 schedule 时记录每个 step。</translation>
    </message>
    <message numerus="yes">
        <source>Of the session&apos;s %n step(s), the schedule records none.</source>
        <translation>
            <numerusform>会话的 %n 个 step 中，schedule 一个也不记录。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Of the session&apos;s %n step(s), the schedule records %1.</source>
        <translation>
            <numerusform>会话的 %n 个 step 中，schedule 记录第 %1 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>The script contains no torch_npu.profiler.profile(...) call.</source>
        <translation>脚本中没有 torch_npu.profiler.profile(...) 调用。</translation>
    </message>
    <message>
        <source>The torch_npu.profiler.profile(...) call of line %1 was not imported: torch_npu would stop on it.</source>
        <translation>未导入第 %1 行的 torch_npu.profiler.profile(...) 调用：torch_npu 会在此报错停止。</translation>
    </message>
    <message>
        <source>Imported the torch_npu.profiler.profile(...) call of line %1.</source>
        <translation>已导入第 %1 行的 torch_npu.profiler.profile(...) 调用。</translation>
    </message>
    <message>
        <source>Not imported:</source>
        <translation>未导入：</translation>
    </message>
    <message numerus="yes">
        <source>torch_npu corrects %n value(s) of the script; the form shows the corrected values:</source>
        <translation>
            <numerusform>torch_npu 会修正脚本中的 %n 个值；表单中显示的是修正后的值：</numerusform>
        </translation>
    </message>
    <message>
        <source>The script %1 could not be read: %2.</source>
        <translation>无法读取脚本 %1：%2。</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::timeline::LaneLayout</name>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
</context>
<context>
    <name>npuscope::ui::timeline::Minimap</name>
    <message>
        <source>The whole session: share of stream time busy across all devices, drawn to the busiest moment&apos;s height (%1 %). The framed part is on screen; click or drag to move it.</source>
        <translation>整个会话：所有设备上流时间中忙碌的占比，按最忙时刻的高度绘制（%1 %）。框出的部分为当前屏幕所示；单击或拖动可移动它。</translation>
    </message>
</context>
</TS>
