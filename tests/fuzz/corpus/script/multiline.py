opts = ('{"output":"/tmp/profiling",'   # comment inside
        '"hccl":"on", "l2":"on"}')
cfg = ProfilingConfig(
    enable_profiling = True,
    profiling_options = \
        opts)
r"""raw docstring with '{"output":"x"}' inside"""
f"{x}"
