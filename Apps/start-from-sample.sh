#!/usr/bin/env bash
# Starts an app of your own from the todo sample: copies the sample and its tests
# into a package, renames the app in its one place (AppIdentity), and, for a new
# package, writes a Package.swift that depends on this Blueprint checkout by path.
#
#   Apps/start-from-sample.sh NAME FOLDER
#
#   NAME    the new command's name, lower case (e.g. chores): its binary, its error
#           prefix and its data folder; the Swift module is NAME capitalized (Chores)
#   FOLDER  the package to copy into; created with a Package.swift when it has none
#
# Docs/StartFromSample.md walks through it by hand, step by step.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 NAME FOLDER" >&2
  exit 64
fi
name="$1"
folder="$2"
sample="todo"
sample_folder="Todo"

if ! [[ "$name" =~ ^[a-z][a-z0-9-]*$ ]]; then
  echo "start-from-sample: error: NAME must be lower case letters, digits and '-', e.g. chores" >&2
  exit 64
fi

blueprint="$(cd "$(dirname "$0")/.." && pwd)"
# The Swift module: the name without dashes, each part capitalized (my-chores → MyChores).
module="$(echo "$name" | awk -F- '{ for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2) }')"
sources="$folder/Sources/$module"
tests="$folder/Tests/${module}Tests"

for target in "$sources" "$tests"; do
  if [ -e "$target" ]; then
    echo "start-from-sample: error: $target exists already; nothing was copied" >&2
    exit 73
  fi
done

mkdir -p "$folder/Sources" "$folder/Tests"
cp -R "$blueprint/Apps/$sample_folder" "$sources"
cp -R "$blueprint/Tests/${sample_folder}Tests" "$tests"
# The SwiftUI app (SwiftUI/, the `todo-app` executable here) imports the sample's code
# as a library; the copy is one executable module, which no other target can import,
# so the SwiftUI app and its test stay out. Docs/StartFromSample.md says how to keep it.
rm -rf "$sources/SwiftUI" "$tests/SwiftUIAppTests.swift"
# The lock test holds the store's lock through Blueprint's own store-stress helper
# executable, which a copy does not build.
rm -f "$tests/StoreLockTerminalTests.swift"

# The one place the app names itself.
identity_file="$(grep -rl 'let appIdentity = AppIdentity(' "$sources")"
sed -i.orig -E "s/let appIdentity = AppIdentity\(.*\)/let appIdentity = AppIdentity(name: \"$name\", version: \"0.1.0\", family: \"$name\")/" "$identity_file"
rm -f "$identity_file.orig"
# The tests import the app's module by its new name. The sample's libraries — its
# features (the app's code, a library here so that both `todo` and `todo-app` use it)
# and its model (Model/, so the benchmarks can reach it) — become the app's one module
# in the copy, so their other imports go.
find "$tests" -name '*.swift' -exec sed -i.orig -E "s/^@testable import Blueprint${sample_folder}Features\$/@testable import $module/" {} \;
find "$sources" "$tests" -name '*.swift' -exec sed -i.orig -E "/^[[:space:]]*(@testable |package )?import Blueprint${sample_folder}(Model|Features)\$/d" {} \;
# Its declarations are `package` so that the app target could see them; in one
# module they are plain internal ones.
find "$sources" -name '*.swift' -exec sed -i.orig -E 's/^([[:space:]]*(@[A-Za-z]+[[:space:]]+)*)package[[:space:]]+/\1/' {} \;
find "$sources" "$tests" -name '*.orig' -delete

goldens=""
[ -d "$tests/Goldens" ] && goldens=', exclude: ["Goldens"]'

if [ ! -e "$folder/Package.swift" ]; then
  cat >"$folder/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "$name",
  platforms: [.macOS(.v14)],
  products: [.executable(name: "$name", targets: ["$module"])],
  dependencies: [
    // Or, once published: .package(url: "https://…/Blueprint.git", from: "1.0.0")
    .package(name: "Blueprint", path: "$blueprint")
  ],
  targets: [
    .executableTarget(
      name: "$module",
      dependencies: [
        .product(name: "Core", package: "Blueprint"),
        .product(name: "CoreTerminal", package: "Blueprint"),
      ],
      path: "Sources/$module"
    ),
    .testTarget(
      name: "${module}Tests",
      dependencies: [
        "$module",
        .product(name: "Core", package: "Blueprint"),
        .product(name: "CoreTerminal", package: "Blueprint"),
        .product(name: "CoreTesting", package: "Blueprint"),
      ],
      path: "Tests/${module}Tests"$goldens
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
  ]
}
EOF
  echo "wrote $folder/Package.swift"
else
  cat <<EOF
$folder/Package.swift exists: add to it
  products:  .executable(name: "$name", targets: ["$module"])
  targets:   .executableTarget(name: "$module", dependencies: [.product(name: "Core", package: "Blueprint"),
               .product(name: "CoreTerminal", package: "Blueprint")], path: "Sources/$module")
             .testTarget(name: "${module}Tests", dependencies: ["$module", .product(name: "Core", package: "Blueprint"),
               .product(name: "CoreTerminal", package: "Blueprint"), .product(name: "CoreTesting", package: "Blueprint")],
               path: "Tests/${module}Tests"$goldens)
EOF
fi

cat <<EOF
copied the $sample sample to $sources and its tests to $tests
the app is '$name' (module $module); it keeps its files in ~/.local/share/$name/$name/
the SwiftUI app ($sample-app) was left out; Docs/StartFromSample.md says how to keep it
next:
  cd $folder
  swift run $name --help
  swift test
EOF
