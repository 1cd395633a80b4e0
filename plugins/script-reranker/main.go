package main

// main never runs: the plugin is a reactor module, whose host calls
// _initialize (package initialization, where register_wasip1.go registers
// the plugin) and then the exports. It exists so the package also builds on
// the host, where its logic is tested.
func main() {}
