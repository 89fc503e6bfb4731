#!/usr/bin/env bash
# Starts an app of your own from a sample (posts by default, the first rung of the
# ladder in Docs/StartFromSample.md; todo, feed or settings): copies the sample and its
# tests into a package, renames the sample's modules in the `import` lines
# (BlueprintTodoModel → ChoresModel, BlueprintTodoFeatures → ChoresFeatures), the app
# in its one place (AppIdentity), and the sample's name wherever it names the app
# rather than the domain (app_names below: PostsCommands → ChirpsCommands,
# AppIdentity+Posts.swift → AppIdentity+Chirps.swift, `posts list` → `chirps list`, the
# suites), writes a .gitignore for the build's folders and, for a new package, a
# Package.swift that depends on this Blueprint checkout by a relative path. Nothing
# else in the copy changes. The settings sample takes the samples' shared
# settings with it (Apps/Shared/BlueprintSamplesShared/SharedSettings.swift, as the
# module ChoresShared).
#
#   Apps/start-from-sample.sh [--sample posts|todo|feed|settings] [--without-swiftui] NAME FOLDER
#
#   --sample           the sample to start from: posts (the default), todo, feed or settings
#   --without-swiftui  leave out the SwiftUI app (posts and todo have one), its target and
#                      its test: Linux never compiles it, so nothing there checks it
#   NAME               the new command's name, lower case (e.g. chores): its binary, its
#                      error prefix and its data folder; the modules are NAME capitalized
#                      (Chores, ChoresModel, ChoresFeatures, ChoresTests, and ChoresApp
#                      for posts and todo; posts has no model of its own); not a name
#                      Blueprint's commands or modules (or the toolchain's) already have
#   FOLDER             the package to copy into; created with a Package.swift when it has none
#
# Docs/StartFromSample.md walks through the same steps by hand.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: Apps/start-from-sample.sh [--sample posts|todo|feed|settings] [--without-swiftui] NAME FOLDER

Starts an app of your own from a sample: copies the sample and its tests into
FOLDER, renames the modules and the app (its files, types and suites named for
the sample), writes a .gitignore and, when FOLDER has none, a Package.swift that
depends on this Blueprint checkout.

  --sample           the sample to start from: posts (a list from a JSON API,
                     the default: the smallest), todo (a todo list), feed (a
                     feed reader) or settings (an editor of a preferences file)
  --without-swiftui  leave out the SwiftUI app of posts or todo (compiled only on
                     Apple platforms), its target and its test
  NAME               the new command's name, lower case (e.g. chores): its binary,
                     its error prefix and its data folder; the modules are NAME
                     capitalized. Not one of Blueprint's own commands (todo, feed,
                     settings, ...) or modules (core, ...): the copy would not
                     build beside them
  FOLDER             the package to copy into; created with a Package.swift when
                     it has none

Docs/StartFromSample.md walks through the same steps by hand.
USAGE
}

if [ $# -eq 1 ] && { [ "$1" = "--help" ] || [ "$1" = "-h" ]; }; then
  usage
  exit 0
fi
sample="posts"
# 0 when --without-swiftui: the copy has no SwiftUI app even if the sample has one.
with_swiftui=1
while [ $# -ge 1 ]; do
  case "$1" in
  --sample)
    [ $# -ge 2 ] || {
      usage >&2
      exit 64
    }
    sample="$2"
    shift 2
    ;;
  --without-swiftui)
    with_swiftui=0
    shift
    ;;
  -*)
    usage >&2
    exit 64
    ;;
  *) break ;;
  esac
done
if [ $# -ne 2 ]; then
  usage >&2
  exit 64
fi
name="$1"
folder="$2"
# Each sample: its folder under Apps/ (and Tests/<Folder>Tests), the prefix of its
# modules (BlueprintTodoModel, BlueprintTodoFeatures), whether it has a SwiftUI app,
# the folders its tests keep beside their sources, and whether it takes the samples'
# shared settings with it.
has_shared=0
# Whether the sample's formats are a target of their own (feed's Formats/).
has_formats=0
# posts keeps its model in its features: no Model folder, no model target.
has_model=1
# What the sample needs of Blueprint besides CoreBase and CoreTerminal: todo and feed
# sync (CoreSync, and CoreSyncCommandLine for its errors' wording); todo and feed fall
# back to URLSession where libcurl is not (Apple platforms; on Linux, FoundationNetworking
# would load libcurl's ~30 libraries at every start).
url_session='.product(name: "CoreURLSession", package: "Blueprint", condition: .when(platforms: [.macOS, .iOS]))'
model_products=""
feature_products=""
case "$sample" in
posts)
  sample_folder="Posts"
  has_swiftui=1
  has_model=0
  feature_products="
        $url_session,"
  test_excludes='[]'
  ;;
todo)
  sample_folder="Todo"
  has_swiftui=1
  # Sync/'s alone: a copy that deletes that folder deletes these three lines too.
  feature_products="
        .product(name: \"CoreSync\", package: \"Blueprint\"),
        .product(name: \"CoreSyncCommandLine\", package: \"Blueprint\"),
        $url_session,"
  test_excludes='["Goldens"]'
  ;;
feed)
  sample_folder="Feed"
  has_swiftui=0
  has_formats=1
  model_products="
        $url_session,"
  # Sync/'s alone: a copy that deletes that folder deletes these two lines too.
  feature_products="
        .product(name: \"CoreSync\", package: \"Blueprint\"),
        .product(name: \"CoreSyncCommandLine\", package: \"Blueprint\"),"
  test_excludes='["Fixtures", "Goldens"]'
  ;;
settings)
  sample_folder="Settings"
  has_swiftui=0
  has_shared=1
  test_excludes='["Goldens"]'
  ;;
*)
  echo "start-from-sample: error: no sample '$sample': choose posts, todo, feed or settings" >&2
  exit 64
  ;;
esac
sample_prefix="Blueprint$sample_folder"
# The sample's SwiftUI app, if it has one, stays behind when asked.
sample_has_swiftui="$has_swiftui"
[ "$with_swiftui" = 1 ] || has_swiftui=0

if ! [[ "$name" =~ ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ ]]; then
  echo "start-from-sample: error: NAME must be lower case words of letters and digits joined by single '-', e.g. chores or my-chores" >&2
  exit 64
fi

blueprint="$(cd "$(dirname "$0")/.." && pwd -P)"
# The Swift module: the name without dashes, each part capitalized (my-chores → MyChores).
module="$(echo "$name" | awk -F- '{ for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2) }')"

# The copy's executables and modules share one build with Blueprint's: a name that is
# already taken there, or by the toolchain, gives a package that does not build.
copy_products="$name"
copy_modules="$module ${module}Features ${module}Tests"
[ "$has_model" = 1 ] && copy_modules="$copy_modules ${module}Model"
[ "$has_swiftui" = 1 ] && copy_products="$copy_products $name-app" && copy_modules="$copy_modules ${module}App"
[ "$sample" = settings ] && copy_modules="$copy_modules ${module}Shared"
[ "$sample" = feed ] && copy_modules="$copy_modules ${module}Formats"
taken_products="$(grep -oE '\.executable\(name: "[^"]+"' "$blueprint/Package.swift" | cut -d'"' -f2)"
taken_modules="$(grep -oE 'name: "[A-Z][A-Za-z0-9]*"' "$blueprint/Package.swift" | cut -d'"' -f2)
Swift Foundation FoundationEssentials FoundationInternationalization FoundationNetworking
FoundationXML Observation Dispatch Glibc Musl Darwin Testing XCTest Synchronization SwiftUI"
for product in $copy_products; do
  if grep -qxF "$product" <<<"$taken_products"; then
    echo "start-from-sample: error: Blueprint has a command named '$product'; a copy by that name does not build beside it" >&2
    echo "hint: pick another name, e.g. my-$name" >&2
    exit 64
  fi
done
for taken in $copy_modules; do
  if grep -qxF "$taken" <<<"$(tr ' ' '\n' <<<"$taken_modules")"; then
    echo "start-from-sample: error: NAME '$name' would make the module $taken, which Blueprint or the toolchain has already" >&2
    echo "hint: pick another name, e.g. my-$name" >&2
    exit 64
  fi
done
sources="$folder/Sources/$module"
tests="$folder/Tests/${module}Tests"

for target in "$sources" "$tests"; do
  if [ -e "$target" ]; then
    echo "start-from-sample: error: $target exists already; nothing was copied" >&2
    exit 73
  fi
done

mkdir -p "$folder/Sources" "$folder/Tests"
# Blueprint keeps each module in a folder of its own (Apps/Todo/BlueprintTodoFeatures,
# Apps/Todo/BlueprintTodoModel…); the copy keeps them in one folder, the features at
# its top and the others in Model/, Formats/, Main/ and SwiftUI/.
apps="$blueprint/Apps/$sample_folder"
cp -R "$apps/${sample_prefix}Features" "$sources"
[ "$has_model" = 1 ] && cp -R "$apps/${sample_prefix}Model" "$sources/Model"
[ "$has_formats" = 1 ] && cp -R "$apps/${sample_prefix}Formats" "$sources/Formats"
cp -R "$apps/$sample_prefix" "$sources/Main"
[ "$has_swiftui" = 1 ] && cp -R "$apps/${sample_prefix}App" "$sources/SwiftUI"
cp -R "$blueprint/Tests/${sample_folder}Tests" "$tests"
if [ "$has_shared" = 1 ]; then
  mkdir -p "$sources/Shared"
  cp "$blueprint/Apps/Shared/BlueprintSamplesShared/SharedSettings.swift" "$sources/Shared/"
fi

# The modules in the import lines by their new names — BlueprintTodoModel →
# ChoresModel, BlueprintTodoFeatures → ChoresFeatures, whatever precedes `import` —
# and the one place the app names itself: the same commands as Docs/StartFromSample.md.
renames=(-e "s/import ${sample_prefix}(Model|Features|Formats)\$/import ${module}\1/")
# A sample that takes the shared settings along imports them as ${module}Shared; the
# others import them only where Blueprint has them (#if canImport), so those lines stay.
if [ "$has_shared" = 1 ]; then
  renames+=(-e "s/import BlueprintSamplesShared\$/import ${module}Shared/")
fi
find "$sources" "$tests" -name '*.swift' -exec sed -i.orig -E "${renames[@]}" {} +
sed -i.orig -E \
  "s/(let appIdentity = AppIdentity\().*\)\$/\1name: \"$name\", version: \"0.1.0\", family: \"$name\")/" \
  "$sources/AppIdentity+$sample_folder.swift"

# The sample's name where it names the app — the same commands as Docs/StartFromSample.md
# ("Rename the app's names"). The rule: a type is the app's when its name is the sample's
# and one of the app's roles (its commands, what they run with, its routes and screen
# stack, parts, preferences, errors, the SwiftUI app, the tests' home and server:
# PostsCommands, makePostsStack, TodoRun, FeedHome); the command is the app's in backticks
# (`posts list`), as `posts-app`, as the prefix of its variables (POSTS_SERVER), and in a
# suite's name as a lower-case word not after "the" ("posts on the command line",
# "Concurrent settings processes"; "The feed store" is the domain's). The domain's words
# stay: Post, SavedPosts, /posts, "No posts.", TodoItem, FeedParser, settings.json.
upper_sample="$(echo "$sample" | tr '[:lower:]' '[:upper:]')"
upper_name="$(echo "$name" | tr '[:lower:]-' '[:upper:]_')"
roles='Commands?|Run|Route|Stack|Part|Preferences|Error|Home|Server|SwiftUIApp|AppDelegate'
# In a suite's name (on its line, or the next when `@Suite(` ends one): "the feed" is
# marked `feed@` and kept, every other lower-case `feed` word becomes the app's name
# ("posts' screens" → "chirps's screens").
suite_words=(
  -e "s/([Tt]he) ${sample}([^A-Za-z0-9_]|\$)/\1 ${sample}@\2/g"
  -e "s/(^|[^A-Za-z0-9_.-])${sample}' /\1${name}'s /g"
  -e "s/(^|[^A-Za-z0-9_.-])${sample}([^A-Za-z0-9_.@-]|\$)/\1${name}\2/g"
  -e "s/${sample}@/${sample}/g"
)
app_names=(
  -e "s/${sample_folder}(${roles})([^a-z]|\$)/${module}\1\2/g"
  -e "s/(^|[^A-Za-z0-9_-])${sample}-app/\1${name}-app/g"
  -e "s/\`${sample}([ \`])/\`${name}\1/g"
  -e "s/(^|[^A-Za-z0-9_])${upper_sample}_/\1${upper_name}_/g"
  -e "/@Suite\(\"/{" "${suite_words[@]}" -e "}"
  -e "/@Suite\(\$/{" -e "n" "${suite_words[@]}" -e "}"
)
find "$sources" "$tests" -name '*.swift' -exec sed -i.orig -E "${app_names[@]}" {} +
find "$sources" "$tests" -name '*.orig' -delete
# The files named for them: AppIdentity+Posts.swift, PostsRoute.swift, TodoHome.swift
# (listed first: a file renamed MyTodoRoute.swift must not be renamed again).
swift_files=()
while IFS= read -r file; do swift_files+=("$file"); done < <(find "$sources" "$tests" -name '*.swift')
for file in "${swift_files[@]}"; do
  renamed="$(basename "$file" | sed -E -e "s/${sample_folder}(${roles})([^a-z]|\$)/${module}\1\2/" \
    -e "s/^AppIdentity\+${sample_folder}\./AppIdentity+${module}./")"
  [ "$renamed" = "$(basename "$file")" ] || mv "$file" "$(dirname "$file")/$renamed"
done
# A copy without its SwiftUI app has no test of it either.
if [ "$sample_has_swiftui" = 1 ] && [ "$has_swiftui" = 0 ]; then
  rm -f "$tests/SwiftUIAppTests.swift"
fi

# Git keeps the sources, not what `swift build` makes (.build/) or Xcode's package state.
for ignored in .build/ .swiftpm/; do
  grep -qxF "$ignored" "$folder/.gitignore" 2>/dev/null || echo "$ignored" >>"$folder/.gitignore"
done

# Prints `to` relative to `from`; both absolute and without symbolic links.
relative_path() {
  local from="$1" to="$2" up=""
  while [ "${to#"$from"/}" = "$to" ] && [ "$to" != "$from" ]; do
    from="$(dirname "$from")"
    up="../$up"
    [ "$from" = "/" ] && {
      echo "${up}${to#/}"
      return
    }
  done
  local rest="${to#"$from"}"
  rest="${rest#/}"
  local result="${up}${rest}"
  echo "${result%/}"
}

folder_abs="$(cd "$folder" && pwd -P)"
dependency="$(relative_path "$folder_abs" "$blueprint")"
[ -n "$dependency" ] || dependency="."

# The targets, as Blueprint declares the sample's (Package.swift there): the model,
# the features (the app's code, a library so that both entry points use it), the
# command-line executable, the SwiftUI executable and the tests.
# The smallest products that serve the app (CoreBase: the kit without FoundationNetworking
# and FoundationXML); its tests and its SwiftUI app take the whole kit (Core).
core='.product(name: "CoreBase", package: "Blueprint")'
umbrella='.product(name: "Core", package: "Blueprint")'
terminal='.product(name: "CoreTerminal", package: "Blueprint")'
swiftui='.product(name: "CoreSwiftUI", package: "Blueprint")'
testing='.product(name: "CoreTesting", package: "Blueprint")'
products="    .executable(name: \"$name\", targets: [\"$module\"]),"
# The features exclude the other modules' folders the copy has, in order.
feature_excludes=""
for part in Formats:$has_formats Main:1 Model:$has_model Shared:$has_shared SwiftUI:$has_swiftui; do
  [ "${part#*:}" = 1 ] && feature_excludes="$feature_excludes, \"${part%:*}\""
done
feature_excludes="[${feature_excludes#, }]"
swiftui_target=""
test_app=""
model_dependencies="$core"
shared_dependency=""
shared_target=""
if [ "$has_shared" = 1 ]; then
  model_dependencies="\"${module}Shared\", $core"
  shared_dependency="
        \"${module}Shared\","
  shared_target="    // The preferences file the app edits (the samples' shared settings, taken along).
    .target(
      name: \"${module}Shared\",
      dependencies: [$core],
      path: \"Sources/$module/Shared\"
    ),
"
fi
formats_dependency=""
formats_target=""
if [ "$has_formats" = 1 ]; then
  model_dependencies="\"${module}Formats\", $core"
  formats_dependency=" \"${module}Formats\","
  formats_target="    // The formats the model reads (feed's RSS, Atom, JSON Feed, OPML, HTML, dates).
    .target(
      name: \"${module}Formats\",
      dependencies: [$core],
      path: \"Sources/$module/Formats\"
    ),
"
fi
# The model's target, and each mention of it, when the sample has one.
model_reference=""
features_model="
        \"${module}Model\",$formats_dependency$shared_dependency"
model_target=""
if [ "$has_model" = 1 ]; then
  model_reference=" \"${module}Model\","
else
  features_model="$formats_dependency$shared_dependency"
fi
if [ "$has_swiftui" = 1 ]; then
  products="$products
    .executable(name: \"$name-app\", targets: [\"${module}App\"]),"
  test_app=" \"${module}App\","
  swiftui_target="
    // \`$name-app\`: the same screens in SwiftUI (Apple platforms; elsewhere it says so).
    .executableTarget(
      name: \"${module}App\",
      dependencies: [
        \"${module}Features\",$model_reference
        $umbrella,
        $swiftui,
      ],
      path: \"Sources/$module/SwiftUI\"
    ),"
fi
# The folders the tests keep beside their sources (goldens, fixtures), if any.
test_exclude_line=""
[ "$test_excludes" = "[]" ] || test_exclude_line=",
      exclude: $test_excludes"
if [ -n "$model_products" ]; then
  model_list="
        $model_dependencies,$model_products
      "
else
  model_list="$model_dependencies"
fi
if [ "$has_model" = 1 ]; then
  model_target="    // The model: Blueprint's headless kit only, no shell.
    .target(
      name: \"${module}Model\",
      dependencies: [$model_list],
      path: \"Sources/$module/Model\"
    ),
"
fi
targets="$shared_target$formats_target$model_target    // The app's code (commands, screens, store), which the entry points use.
    .target(
      name: \"${module}Features\",
      dependencies: [$features_model
        $core,
        $terminal,$feature_products
      ],
      path: \"Sources/$module\",
      exclude: $feature_excludes
    ),
    // \`$name\`: the command line and the terminal UI.
    .executableTarget(
      name: \"$module\",
      dependencies: [
        \"${module}Features\",
        $core,
        $terminal,
      ],
      path: \"Sources/$module/Main\"
    ),$swiftui_target
    .testTarget(
      name: \"${module}Tests\",
      dependencies: [
        \"$module\",$test_app \"${module}Features\",$model_reference$formats_dependency$shared_dependency
        $umbrella,
        $terminal,
        $testing,
      ],
      path: \"Tests/${module}Tests\"$test_exclude_line
    ),"

if [ ! -e "$folder/Package.swift" ]; then
  cat >"$folder/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "$name",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
$products
  ],
  dependencies: [
    // Blueprint's checkout, relative to this folder. Moved one of the two? Edit this
    // path, or, once it is published: .package(url: "https://…/Blueprint.git", from: "1.0.0")
    .package(name: "Blueprint", path: "$dependency")
  ],
  targets: [
$targets
  ],
  swiftLanguageModes: [.v6]
)
EOF
  echo "wrote $folder/Package.swift (Blueprint at \"$dependency\", relative to $folder:"
  echo "  if you move one of the two folders, edit that path in Package.swift)"
else
  cat <<EOF
$folder/Package.swift exists: add to it
  in dependencies (Blueprint's checkout, relative to $folder; skip it if it is there):
    .package(name: "Blueprint", path: "$dependency"),
  in products:
$products
  in targets:
$targets
EOF
fi

cat <<EOF
copied the $sample sample to $sources and its tests to $tests
the app is '$name' (modules $module, ${module}Features$([ "$has_model" = 1 ] && echo ", ${module}Model")$([ "$has_swiftui" = 1 ] && echo ", ${module}App"));
it keeps its files in $([ "$has_shared" = 1 ] && echo "~/.config/$name/" || echo "~/.local/share/$name/$name/")
it has a .gitignore for the build's folders (.build/, .swiftpm/)
next:
  cd $folder
  swift run $name --help
  swift test
EOF
# Linux never compiles SwiftUI code: say so, and how to check it or leave it out.
if [ "$has_swiftui" = 1 ] && [ "$(uname)" != Darwin ]; then
  cat <<EOF
note: the SwiftUI app, Sources/$module/SwiftUI (${module}App, \`$name-app\`), is compiled
  only on Apple platforms: here \`swift build\` builds a stand-in that says so, and
  nothing checks those files against the rest of the app. Check them on a Mac
  (\`swift build --product $name-app\`), or leave them out: start again with
  --without-swiftui, or delete that folder, SwiftUIAppTests.swift and the ${module}App
  target, product and test dependency from Package.swift.
EOF
fi
