// swift run -c release benchmarks [filter]
//
// Each suite lives in its own file; list it here.
let suites: [BenchmarkSuite] = [
  SupportBenchmarks.suite,
  NavigationBenchmarks.suite,
  InteractorBenchmarks.suite,
  ThemingBenchmarks.suite,
  PersistenceBenchmarks.suite,
  TerminalBenchmarks.suite,
  TerminalRenderBenchmarks.suite,
  NetworkingBenchmarks.suite,
  FeedBenchmarks.suite,
  SettingsBenchmarks.suite,
  FeedRefreshBenchmarks.suite,
  TodoCodecBenchmarks.suite,
  CalDAVBenchmarks.suite,
]

let arguments = CommandLine.arguments.dropFirst()
await BenchmarkRunner().run(suites, filter: arguments.first)
