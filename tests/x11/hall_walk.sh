#!/usr/bin/env bash
# The hall's walk on a real X server: the REAL frictionlab binary under Xvfb (1280x720) and openbox,
# driven with keys only (xdotool), as a lecturer in front of a projector does. After every step the
# main window's geometry is read back from the X server (xwininfo, xprop) and must stay on screen.
#
#   bash tests/x11/hall_walk.sh path/to/frictionlab        (ctest: x11_hall_walk, label ui)
#
# Keys, in order (every one sent to the focused main window; nothing is clicked):
#   F11                          presenter mode (full screen)
#   Ctrl+= x4                    scale 100 % -> 200 %
#   Alt+F, L, Return             File -> Open Shipped Lecture -> its first entry (scene 1)
#   PageDown x9                  scenes 2..10 (their layouts: all views, mechanism + time history,
#                                mechanism + phase portrait, mechanism + characteristic)
#   Ctrl+= x2, Ctrl+-            250 %, 300 %, back to 250 %
#   Ctrl+M x2                    mechanism only, all views again (the only layouts with a key: the
#                                presenter bar's layout combo has none, so the "... only" plot
#                                layouts are not walked here)
#   F11                          presenter mode off: the window comes back inside the screen
#
# Checked after each step, once the window has settled (same geometry, size hints and title for
# three samples 0.2 s apart, at most FL_SETTLE_TIMEOUT s):
#   x >= 0, y >= 0 (the frame's left/top edge too), width <= FL_MAX_WIDTH, height <= FL_MAX_HEIGHT,
#   the frame's right/bottom edge inside the 1280x720 screen, and the window's minimum size (its
#   WM_NORMAL_HINTS) no larger than FL_MAX_WIDTH x FL_MAX_HEIGHT: in full screen the window manager
#   forces the screen's size, so a minimum larger than the screen shows only there.
# Each step must also take effect: F11 sets / clears _NET_WM_STATE_FULLSCREEN, the lecture and every
# PageDown change the window title (the scene's case); otherwise the keys did not reach the app.
#
# One line per step on stdout; the first violation ends the run with exit status 1 and one line
# "FAIL: ...". A missing tool (Xvfb, openbox, xdotool, xwininfo/xprop: Debian's xvfb, openbox,
# xdotool, x11-utils, which `bash setup.sh` installs) is a failure too, not a skip.
#
# Knobs (environment):
#   FL_MAX_WIDTH / FL_MAX_HEIGHT  largest allowed window width / height (default 1280 / 720, the
#                                 screen); e.g. FL_MAX_WIDTH=1000 shows that the test can fail
#   FL_START_TIMEOUT              seconds for the window to appear (default 60)
#   FL_STEP_TIMEOUT               seconds for a step to take effect (default 30)
#   FL_SETTLE_TIMEOUT             seconds to wait for the geometry to settle (default 5)
#   FL_KEY_PAUSE                  seconds after each key (default 0.3)
set -euo pipefail

app="${1:-}"
readonly screen_w=1280 screen_h=720
max_w="${FL_MAX_WIDTH:-$screen_w}"
max_h="${FL_MAX_HEIGHT:-$screen_h}"
start_timeout="${FL_START_TIMEOUT:-60}"
step_timeout="${FL_STEP_TIMEOUT:-30}"
settle_timeout="${FL_SETTLE_TIMEOUT:-5}"
key_pause="${FL_KEY_PAUSE:-0.3}"

fail() {
    echo "FAIL: $*"
    exit 1
}

[ -n "$app" ] || fail "usage: hall_walk.sh path/to/frictionlab"
[ -x "$app" ] || fail "$app is not an executable (build the frictionlab target first)"
for tool in Xvfb:xvfb openbox:openbox xdotool:xdotool xwininfo:x11-utils xprop:x11-utils; do
    command -v "${tool%%:*}" > /dev/null ||
        fail "${tool%%:*} not found: install the Debian package ${tool#*:} (bash setup.sh installs it)"
done

tmp="$(mktemp -d)"
xvfb_pid="" wm_pid="" app_pid=""
# Ends the processes given by pid (ours): up to 5 s to go (a zombie has gone: wait reaps it), then killed.
stop() {
    local pid
    for pid in "$@"; do
        [ -n "$pid" ] || continue
        kill "$pid" 2> /dev/null || true
        for _ in $(seq 50); do
            [[ "$(ps -o stat= -p "$pid" 2> /dev/null)" == [^Z]* ]] || break
            sleep 0.1
        done
        kill -KILL "$pid" 2> /dev/null || true
        wait "$pid" 2> /dev/null || true
    done
}
cleanup() {
    stop "$app_pid" "$wm_pid" "$xvfb_pid"
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- X server (a free display: Xvfb picks it and writes its number to fd 3) and window manager ----
wm_ready() {
    local root
    root="$(xprop -root _NET_SUPPORTING_WM_CHECK 2> /dev/null)" || return 1
    [[ "$root" == *"window id"* ]]
}
# Starts Xvfb and openbox; false with the reason in $why if either does not come up within 10 s.
start_x() {
    rm -f "$tmp/display"
    Xvfb -displayfd 3 -screen 0 "${screen_w}x${screen_h}x24" -nolisten tcp 3> "$tmp/display" > "$tmp/xvfb.log" 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 100); do
        [ -s "$tmp/display" ] && break
        kill -0 "$xvfb_pid" 2> /dev/null || { why="Xvfb exited at start: $(tail -n 1 "$tmp/xvfb.log")"; return 1; }
        sleep 0.1
    done
    [ -s "$tmp/display" ] || { why="Xvfb gave no display number within 10 s"; return 1; }
    DISPLAY=":$(head -n 1 "$tmp/display")"
    export DISPLAY
    openbox --sm-disable > "$tmp/openbox.log" 2>&1 &
    wm_pid=$!
    for _ in $(seq 100); do
        wm_ready && return 0
        kill -0 "$xvfb_pid" 2> /dev/null || { why="Xvfb on $DISPLAY exited: $(tail -n 1 "$tmp/xvfb.log")"; return 1; }
        kill -0 "$wm_pid" 2> /dev/null || { why="openbox exited at start on $DISPLAY: $(tail -n 1 "$tmp/openbox.log")"; return 1; }
        sleep 0.1
    done
    why="openbox did not start within 10 s on $DISPLAY"
    return 1
}

# A throwaway home: no previous session is restored, no settings are kept.
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share"
export XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" XDG_RUNTIME_DIR="$tmp/runtime"
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
# The real X11 platform (ctest's environment may say offscreen), at the screen's own scale.
export QT_QPA_PLATFORM=xcb
unset WAYLAND_DISPLAY QT_SCALE_FACTOR QT_SCREEN_SCALE_FACTORS QT_AUTO_SCREEN_SCALE_FACTOR QT_ENABLE_HIGHDPI_SCALING
unset DBUS_SESSION_BUS_ADDRESS SESSION_MANAGER
# A ThreadSanitizer build (TSAN_OPTIONS set, as in `bash setup.sh test`): its suppressions file
# plus those of the xcb platform (tsan_xcb.supp next to this script), TSan reading only one file.
if [ -n "${TSAN_OPTIONS:-}" ]; then
    options="" given=""
    IFS=: read -ra parts <<< "$TSAN_OPTIONS"
    for part in "${parts[@]}"; do
        case "$part" in
            suppressions=*) given="${part#suppressions=}" ;;
            ?*) options+="$part:" ;;
        esac
    done
    [ -z "$given" ] || [ -r "$given" ] || fail "TSAN_OPTIONS names suppressions $given, not readable"
    { [ -z "$given" ] || cat "$given"; cat "$(dirname "${BASH_SOURCE[0]}")/tsan_xcb.supp"; } > "$tmp/tsan.supp"
    export TSAN_OPTIONS="${options}suppressions=$tmp/tsan.supp"
fi

# Three tries: a display taken between Xvfb's choice and its start is not the application's fault.
why=""
for attempt in 1 2 3; do
    start_x && break
    echo "note: X start, try $attempt: $why"
    stop "$wm_pid" "$xvfb_pid"
    wm_pid="" xvfb_pid=""
    [ "$attempt" -lt 3 ] || fail "$why"
done
echo "display $DISPLAY ${screen_w}x${screen_h}, openbox; limits ${max_w}x${max_h}; app $app"

# --- the application -------------------------------------------------------------------------------
started=$SECONDS
"$app" > "$tmp/app.log" 2>&1 &
app_pid=$!

app_alive() {
    kill -0 "$app_pid" 2> /dev/null && return 0
    local status=0
    wait "$app_pid" || status=$?
    app_pid=""
    sed 's/^/  app: /' "$tmp/app.log" | tail -n 5
    fail "frictionlab exited (status $status) $1"
}

# The main window: visible, its title ending in FrictionLab (not "FrictionLab Help", not Qt's
# hidden helper windows).
# (Polled rather than xdotool search --sync: an application that dies at start ends the wait.)
win=""
while [ -z "$win" ]; do
    app_alive "before its window appeared"
    [ "$((SECONDS - started))" -lt "$start_timeout" ] || fail "no FrictionLab window within ${start_timeout} s"
    sleep 0.2
    win="$(xdotool search --onlyvisible --name 'FrictionLab$' 2> /dev/null | head -n 1)" || win=""
done
timeout 10 xdotool windowactivate --sync "$win" > /dev/null 2>&1 || true

# One sample of the window: x y w h frame-left frame-right frame-top frame-bottom min-w min-h fullscreen
# (absolute position of the client area; the frame from _NET_FRAME_EXTENTS), and its title.
sample() {
    local info props
    info="$(xwininfo -id "$win" 2> /dev/null)" || { app_alive "(its window is gone)"; fail "window $win is gone"; }
    props="$(xprop -id "$win" _NET_FRAME_EXTENTS _NET_WM_STATE WM_NORMAL_HINTS 2> /dev/null)" || props=""
    geometry="$(awk '/Absolute upper-left X/ {x = $NF} /Absolute upper-left Y/ {y = $NF}
                     /^ *Width:/ {w = $NF} /^ *Height:/ {h = $NF} END {print x, y, w, h}' <<< "$info")"
    local frame minimum fullscreen=no
    frame="$(sed -n 's/^_NET_FRAME_EXTENTS(CARDINAL) = //p' <<< "$props" | tr -d ' ' | tr ',' ' ')"
    [ -n "$frame" ] || frame="0 0 0 0"
    minimum="$(awk '/minimum size:/ {print $(NF - 2), $NF}' <<< "$props")"
    [ -n "$minimum" ] || minimum="0 0"
    [[ "$props" == *_NET_WM_STATE_FULLSCREEN* ]] && fullscreen=yes
    state="$geometry $frame $minimum $fullscreen"
    title="$(xdotool getwindowname "$win" 2> /dev/null)" || title=""
}

# Samples until the window keeps the same state and title for three samples 0.2 s apart (at most
# settle_timeout s); leaves the last sample in state/title.
settle() {
    local last="" same=0 deadline=$((SECONDS + settle_timeout))
    while :; do
        app_alive "during step '$1'"
        sample
        if [ "$state|$title" = "$last" ]; then same=$((same + 1)); else same=0; fi
        last="$state|$title"
        [ "$same" -ge 2 ] && return 0
        [ "$SECONDS" -ge "$deadline" ] && return 0
        sleep 0.2
    done
}

# Conditions on the last sample for wait_until.
full_screen() { [ "${state##* }" = yes ]; }
windowed() { [ "${state##* }" = no ]; }
title_changed() { [ "$title" != "$before" ]; } # before: the title before the keys
lecture_open() { title_changed && [[ "$title" == *" · "* ]]; } # "LECTURE · CASE — FrictionLab"

# Waits (at most step_timeout s) until the function `cond` holds for a sample.
wait_until() {
    local what="$1" cond="$2" deadline=$((SECONDS + step_timeout))
    while :; do
        app_alive "during step '$what'"
        sample
        "$cond" && return 0
        [ "$SECONDS" -ge "$deadline" ] && fail "after '$what': $3 within ${step_timeout} s (title \"$title\", state $state)"
        sleep 0.2
    done
}

step=0
check() {
    local what="$1" x y w h fl fr ft fb mw mh fs
    settle "$what"
    read -r x y w h fl fr ft fb mw mh fs <<< "$state"
    step=$((step + 1))
    printf 'step %02d %3ds %-34s x=%d y=%d w=%d h=%d frame=%d,%d,%d,%d min=%dx%d fullscreen=%s title="%s"\n' \
        "$step" "$((SECONDS - started))" "$what" "$x" "$y" "$w" "$h" "$fl" "$fr" "$ft" "$fb" "$mw" "$mh" "$fs" "$title"
    [ "$w" -le "$max_w" ] || fail "after '$what': width $w > $max_w (FL_MAX_WIDTH)"
    [ "$h" -le "$max_h" ] || fail "after '$what': height $h > $max_h (FL_MAX_HEIGHT)"
    [ "$((x - fl))" -ge 0 ] || fail "after '$what': left edge off screen (x=$x, frame $fl)"
    [ "$((y - ft))" -ge 0 ] || fail "after '$what': top edge off screen (y=$y, frame $ft)"
    [ "$((x + w + fr))" -le "$screen_w" ] || fail "after '$what': right edge $((x + w + fr)) > screen width $screen_w"
    [ "$((y + h + fb))" -le "$screen_h" ] || fail "after '$what': bottom edge $((y + h + fb)) > screen height $screen_h"
    [ "$mw" -le "$max_w" ] || fail "after '$what': minimum width $mw > $max_w: the window cannot fit the screen"
    [ "$mh" -le "$max_h" ] || fail "after '$what': minimum height $mh > $max_h: the window cannot fit the screen"
}

# Sends keys (xdotool names) to the focused main window, one by one with a pause after each.
press() {
    local active key
    app_alive "before keys '$*'"
    active="$(xdotool getactivewindow 2> /dev/null)" || active=""
    if [ "$active" != "$win" ]; then
        timeout 10 xdotool windowactivate --sync "$win" > /dev/null 2>&1 || true
        active="$(xdotool getactivewindow 2> /dev/null)" || active=""
        [ "$active" = "$win" ] ||
            fail "keys '$*': the main window does not have the focus (active: \"$(xdotool getwindowname "$active" 2> /dev/null || echo none)\")"
    fi
    for key in "$@"; do
        xdotool key "$key"
        sleep "$key_pause"
    done
}

check "start (100 %)"

press F11
wait_until "F11" full_screen "no full screen"
check "F11 (full screen)"

for percent in 125 150 175 200; do
    press ctrl+equal
    check "Ctrl+= ($percent %)"
done

before="$title"
press alt+f l Return
wait_until "Alt+F L Return" lecture_open "the shipped lecture did not open"
check "Alt+F L Return (lecture, scene 1)"

for scene in $(seq 2 10); do
    before="$title"
    press Next
    wait_until "PageDown" title_changed "the title stayed (no next scene)"
    check "PageDown (scene $scene)"
done

press ctrl+equal
check "Ctrl+= (250 %)"
press ctrl+equal
check "Ctrl+= (300 %)"
press ctrl+minus
check "Ctrl+- (250 %)"

press ctrl+m
check "Ctrl+M (mechanism only)"
press ctrl+m
check "Ctrl+M (all views)"

press F11
wait_until "F11 off" windowed "full screen stayed on"
check "F11 (presenter mode off)"

echo "PASS: $step steps in $((SECONDS - started)) s"
