import PTV
import Testing

/// A page's rounds with PTV, as `Server-Timing` says them and `make bench` counts them: calls side by side are one
/// round, a call made after another's answer is another.
struct UpstreamClockTests {
    @Test func callsSideBySideAreOneRoundAndACallAfterAnAnswerIsTheNext() {
        let clock = UpstreamClock()
        #expect(clock.waited.rounds == 0)
        clock.begin()
        clock.begin()
        clock.end()
        clock.begin()  // a third while one is still in flight: the same round
        clock.end()
        clock.end()
        #expect(clock.waited.calls == 3)
        #expect(clock.waited.rounds == 1)
        clock.begin()
        clock.end()
        #expect(clock.waited.calls == 4)
        #expect(clock.waited.rounds == 2)
    }

    /// A page waiting in a second round for questions that do not count on its clock: a round, not a call.
    @Test func aSecondRoundsWaitIsARoundAndNoCall() async {
        let clock = UpstreamClock()
        clock.begin()
        clock.end()
        await clock.waiting {}
        #expect(clock.waited.calls == 1)
        #expect(clock.waited.rounds == 2)
    }
}
