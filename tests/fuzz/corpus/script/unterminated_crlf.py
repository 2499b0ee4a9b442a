custom_op.parameter_map["profiling_options"].s = tf.compat.as_bytes("{\"output\": \"/x\"
