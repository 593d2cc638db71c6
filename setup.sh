#!/usr/bin/env bash
# FrictionLab set-up on Debian 12: installs the Debian packages it needs (only those missing),
# builds with every core, then
#   bash setup.sh run    launches the application with the default scenario simulating
#   bash setup.sh test   runs every test (ctest)
#   bash setup.sh build  only builds
set -euo pipefail
cd "$(dirname "$0")"
action="${1:-run}"

packages=(g++ cmake make pkg-config qt6-base-dev libqcustomplot-dev libeigen3-dev libboost-dev libgl-dev
          qt6-svg-dev fonts-dejavu-core libsundials-dev)
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
  test)
    cd build
    QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$(nproc)"
    ;;
  build) ;;
  *)
    echo "usage: bash setup.sh [run|test|build]" >&2
    exit 2
    ;;
esac
