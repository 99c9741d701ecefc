"""Drives a command through a real pseudo-terminal for the CLI's interactive tests.

usage: python3 pty-driver.py STEPS_JSON -- command args...
STEPS_JSON is a list of [text to wait for, keys to send]. Prints the whole transcript and exits with the
command's exit code (or 99 when a wait ends without the text, so a test never hangs on a missing question).
"""
import fcntl, json, os, pty, select, struct, sys, termios

steps = json.loads(sys.argv[1])
command = sys.argv[sys.argv.index("--") + 1:]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(command[0], command)
# A new pseudo-terminal is 0x0; prompts wrap at the width, so give it an ordinary one (rows, columns).
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))

transcript = b""
def read_more(limit):
    global transcript
    ready, _, _ = select.select([fd], [], [], limit)
    if not ready:
        return False
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        return None
    if not chunk:
        return None
    transcript += chunk
    return True

# How long a question may take to appear: generous, since a loaded machine can stall the CLI for tens of seconds;
# still within the tests' own timeout, so a missing question ends in a transcript, not a hung test.
QUESTION_WAIT_S = 90

seen = 0
for wait_for, keys in steps:
    needle = wait_for.encode()
    while transcript.find(needle, seen) == -1:
        got = read_more(QUESTION_WAIT_S)
        if not got:
            sys.stdout.write(transcript.decode(errors="replace"))
            sys.stdout.write("\n[pty-driver] gave up waiting for %r\n" % wait_for)
            os.kill(pid, 9)
            sys.exit(99)
    seen = transcript.find(needle, seen) + len(needle)
    os.write(fd, keys.encode())

while read_more(120):
    pass
_, status = os.waitpid(pid, 0)
sys.stdout.write(transcript.decode(errors="replace"))
sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8)
