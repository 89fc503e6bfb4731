// pty-probe: a tiny interactive program the pseudo-terminal tests drive.
//
// It enters interactive mode on its standard input/output, prints `READY`, then
// echoes each decoded event as `EVENT <event>` on its own line. `q` leaves
// interactive mode normally and exits 0; `!` crashes with a Swift trap (an index out
// of range); `z` suspends like Ctrl-Z. Signals are left to the terminal device.
import Core
import CoreTerminal
import Glibc

let terminal = SystemTerminal()
do {
  try terminal.enterInteractiveMode()
} catch {
  print("pty-probe: error: \(error)")
  exit(1)
}
terminal.write("READY\r\n")
let crashTable: [Int] = []
for await event in terminal.events() {
  terminal.write("EVENT \(event)\r\n")
  if event == .key(.character("q")) { break }
  if event == .key(.character("z")) { terminal.suspend() }
  if event == .key(.character("!")) { _ = crashTable[crashTable.count] }
}
terminal.leaveInteractiveMode()
print("BYE")
