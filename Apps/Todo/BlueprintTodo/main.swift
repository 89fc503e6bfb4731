import BlueprintTodoFeatures
import CoreBase
import CoreTerminal

await CommandLineApp(spec: TodoCommands.spec).main { command, context in
  try await TodoCommands.run(command, in: context)
}
