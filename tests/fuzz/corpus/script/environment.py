import os
os.environ["PROFILING_MODE"] = "true"
os.environ['PROFILING_OPTIONS'] = "{\"output\":\"/tmp/p\",\"task_trace\":\"on\"}"
estimator = NPUEstimator(model_fn=model_fn, config=NPURunConfig())
