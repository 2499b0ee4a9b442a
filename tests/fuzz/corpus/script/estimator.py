import tensorflow as tf
from npu_bridge.estimator.npu.npu_config import NPURunConfig, ProfilingConfig
profiling_options = '{"output":"/tmp/profiling","training_trace":"on","fp_point":"","bp_point":""}'
profiling_config = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)
config = NPURunConfig(profiling_config=profiling_config, session_config=tf.ConfigProto())
