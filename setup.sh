#!/usr/bin/env bash
# FrictionLab set-up on Debian 12: installs the Debian packages it needs (only those missing),
# builds with every core, then
#   bash setup.sh run    builds (Release, build/) and launches the application with the default
#                        scenario simulating
#   bash setup.sh test   builds every test with AddressSanitizer + UndefinedBehaviorSanitizer
#                        (build-asan/, -O1, leak checks on) and runs them all (ctest), then the
#                        tests that run threads with ThreadSanitizer (build-tsan/): any sanitizer
#                        finding fails the run. Both link the project's libraries as shared ones
#                        (FRICTIONLAB_SHARED_LIBS): the two trees need about 3 GB of disk, not 12.
#   bash setup.sh build  only builds (Release, build/)
#   bash setup.sh deb    builds (Release, build/) and the Debian package build/frictionlab_*.deb
#                        (install it with: sudo apt install ./build/frictionlab_*.deb)
set -euo pipefail
cd "$(dirname "$0")"
action="${1:-run}"

packages=(g++ cmake make pkg-config lld qt6-base-dev libqcustomplot-dev libeigen3-dev libboost-dev libgl-dev
          qt6-svg-dev fonts-dejavu-core libsundials-dev
          libopenmpi-dev openmpi-bin # frictionlab-cli map/sweep --mpi (optional at run time)
          dpkg-dev desktop-file-utils appstream # the package's dependencies (dpkg-shlibdeps), its files' checks
          xvfb xdotool openbox x11-utils) # tests/x11/hall_walk.sh: the application on a real X server
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ "$action" = test ]; then
  jobs="$(nproc)"
  echo "setup: $(df -h --output=avail . | tail -1 | tr -d ' ') free on this disk before the sanitizer builds"
  # 1. AddressSanitizer + UndefinedBehaviorSanitizer: every test.
  # Both sanitizer trees compile the project's libraries as unity builds (FRICTIONLAB_UNITY): the
  # shared headers are parsed once per batch of files; they link with LLVM's lld, faster than GNU ld
  # on the ~150 instrumented test programs. Each stage says how long it took.
  stage=$SECONDS
  lld=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld)
  cmake -S . -B build-asan -DFRICTIONLAB_GUI=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
        -DFRICTIONLAB_SANITIZE=address,undefined -DFRICTIONLAB_SHARED_LIBS=ON -DFRICTIONLAB_UNITY=ON "${lld[@]}" > /dev/null
  cmake --build build-asan -j "$jobs"
  echo "setup: AddressSanitizer + UBSan build took $((SECONDS - stage)) s"; stage=$SECONDS
  # (detect_stack_use_after_return stays off: it made uBLAS-heavy Rosenbrock4 tests 10x slower;
  #  abort_on_error stays off: a report ends its test at once with exit 1 and is the last thing
  #  in the log, not followed by a crash handler's stack trace.)
  (cd build-asan &&
   ASAN_OPTIONS=detect_leaks=1:strict_init_order=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
   QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$jobs")
  echo "setup: AddressSanitizer + UBSan tests took $((SECONDS - stage)) s"; stage=$SECONDS
  # 2. ThreadSanitizer: the tests that run threads (every GUI test with the bridge's workers, and
  #    the core's and the CLI's own threads). Debian's Qt is not instrumented: ui/bridge/
  #    thread_handoff.h states the ordering Qt gives; tests/tsan.supp lists what is suppressed, and why.
  cmake -S . -B build-tsan -DFRICTIONLAB_GUI=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
        -DFRICTIONLAB_SANITIZE=thread -DFRICTIONLAB_SHARED_LIBS=ON -DFRICTIONLAB_UNITY=ON "${lld[@]}" > /dev/null
  cmake --build build-tsan -j "$jobs" --target thread_tests
  echo "setup: ThreadSanitizer build took $((SECONDS - stage)) s"
  cd build-tsan
  # (die_after_fork=0: QProcess forks the multi-threaded test to start the application, then execs.)
  TSAN_OPTIONS="halt_on_error=1:die_after_fork=0:second_deadlock_stack=1:suppressions=$(pwd)/../tests/tsan.supp" \
  QT_QPA_PLATFORM=offscreen exec ctest --output-on-failure -j "$jobs" -L "ui|threads"
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build -j "$(nproc)"

case "$action" in
  run)
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
      echo "error: no display (DISPLAY/WAYLAND_DISPLAY unset); run it on a desktop, or under xvfb-run" >&2
      exit 1
    fi
    exec ./build/app/frictionlab
    ;;
  build) ;;
  deb)
    (cd build && cpack -G DEB)
    echo "install it with: sudo apt install ./$(ls build/frictionlab_*.deb | head -1)"
    ;;
  *)
    echo "usage: bash setup.sh [run|test|build|deb]" >&2
    exit 2
    ;;
esac
