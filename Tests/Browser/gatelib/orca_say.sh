#!/bin/sh
# The screen-reader rig's "synthesiser" (speech-dispatcher's sd_generic runs it for each utterance):
#   orca_say.sh TRANSCRIPT WPM TEXT
# appends "SECONDS<TAB>TEXT" to TRANSCRIPT (one line per utterance, after speech-dispatcher has
# turned punctuation into words), then takes as long as the words would at WPM (at least 0.3 s).
# When Orca interrupts, speech-dispatcher stops this process; what was sent is in the transcript.
f="$1"; wpm="$2"; shift 2
text=$(printf '%s' "$*" | tr '\n\t' '  ')
printf '%s\t%s\n' "$(date +%s.%N)" "$text" >>"$f"
words=$(printf '%s\n' "$text" | wc -w)
touch "$f.speaking"
sleep "$(awk -v w="$words" -v r="$wpm" 'BEGIN { s = w * 60 / r; if (s < 0.3) s = 0.3; printf "%.2f", s }')"
rm -f "$f.speaking"
