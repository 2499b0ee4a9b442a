profiling_config = ProfilingConfig(enable_profiling=False, profiling_options='{"output":"/tmp/p"}')
