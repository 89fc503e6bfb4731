import BlueprintTodoFeatures
import CoreBase
import CoreTerminal

await CommandLineApp(spec: TodoCommands.spec).main { command, context in
  let connector = TodoCalDAVConnector(
    configFolder: context.directories.config, environment: context.environment)
  try await TodoCommands.run(command, in: context, connector: connector)
}
