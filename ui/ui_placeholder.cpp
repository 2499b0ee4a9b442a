namespace npuscope::ui { int placeholder() { return 0; } }
