import Testing
@testable import SceneLinkHTTP

/// Drives the connection's lifecycle without a socket, through the transitions the server's
/// RFC 9112 and slow-client tests (`HTTPServerTests`) exercise over real ones.
@Suite struct HTTPConnectionStateMachineTests {
    static let timeouts = HTTPConnectionStateMachine.Timeouts(
        header: 10_000_000, body: 20_000_000, idle: 5_000_000, write: 30_000_000, handler: 40_000_000,
        linger: 2_000_000, maxRequestsPerConnection: 3)

    /// A machine that has started at 0 and read the first bytes of a request at `now`.
    static func reading(at now: Int64 = 1_000) -> HTTPConnectionStateMachine {
        var machine = HTTPConnectionStateMachine(timeouts: timeouts)
        machine.start(now: 0)
        _ = machine.bytesReceived(decoderWasIdle: true, now: now)
        return machine
    }

    /// Reads one request, hands it to its handler and takes its response; answers whether the
    /// connection stays open.
    static func serveOne(_ machine: inout HTTPConnectionStateMachine, keepAlive: Bool = true, now: Int64 = 2_000,
                         decoderIdle: Bool = true) -> Bool {
        machine.requestDecoded()
        let token = machine.processingStarted(now: now)
        #expect(machine.responseArrived(token: token) == true)
        return machine.responding(keepAliveRequested: keepAlive, shuttingDown: false, decoderIdle: decoderIdle, now: now)
    }

    @Test func aClientThatConnectsAndSaysNothingGetsTheHeaderTimeoutThenIsClosedSilently() {
        var machine = HTTPConnectionStateMachine(timeouts: Self.timeouts)
        machine.start(now: 100)
        #expect(machine.deadline == 100 + Self.timeouts.header)
        #expect(machine.deadlinePassed(decoderIdle: true, readingBody: false) == .close)
    }

    @Test func theFirstByteOfARequestStartsTheHeaderTimeoutAndLaterBytesDoNotMoveIt() {
        var machine = Self.reading(at: 1_000)
        #expect(machine.deadline == 1_000 + Self.timeouts.header)
        #expect(machine.bytesReceived(decoderWasIdle: false, now: 9_000) == .decode)
        #expect(machine.deadline == 1_000 + Self.timeouts.header)  // a byte at a time gains no time
        #expect(machine.canDecode)
    }

    @Test func aPersistentConnectionServesARequestThenWaitsIdle() {
        var machine = Self.reading()
        machine.requestDecoded()
        #expect(machine.deadline == 0)
        let token = machine.processingStarted(now: 2_000)
        #expect(machine.state == .processing(token: token))
        #expect(machine.deadline == 2_000 + Self.timeouts.handler)
        #expect(!machine.canDecode)  // a pipelined request waits for this one's answer
        #expect(machine.bytesReceived(decoderWasIdle: true, now: 2_500) == .decode)
        #expect(machine.deadline == 2_000 + Self.timeouts.handler)
        #expect(machine.responseArrived(token: token) == true)
        #expect(machine.responding(keepAliveRequested: true, shuttingDown: false, decoderIdle: true, now: 3_000) == true)
        #expect(machine.deadline == 3_000 + Self.timeouts.idle)
        #expect(machine.responseWritten(keepAlive: true, now: 3_000) == .decodeNext)
        #expect(machine.state == .reading)
        #expect(machine.deadlinePassed(decoderIdle: true, readingBody: false) == .close)  // idle keep-alive ends
    }

    @Test func aPipelinedRequestAlreadyBufferedGetsTheHeaderTimeoutNotTheIdleOne() {
        var machine = Self.reading()
        #expect(Self.serveOne(&machine, now: 4_000, decoderIdle: false) == true)
        #expect(machine.deadline == 4_000 + Self.timeouts.header)
        #expect(machine.responseWritten(keepAlive: true, now: 4_000) == .decodeNext)
        #expect(machine.canDecode)
    }

    @Test func aSecondResponseOrALateOneIsDropped() {
        var machine = Self.reading()
        machine.requestDecoded()
        let token = machine.processingStarted(now: 2_000)
        #expect(machine.responseArrived(token: token) == true)
        #expect(machine.responseArrived(token: token) == false)
        #expect(machine.responseArrived(token: token &+ 1) == false)
    }

    @Test func aHandlerThatDoesNotAnswerInTimeIsAnswered503AndItsLateResponseDropped() {
        var machine = Self.reading()
        machine.requestDecoded()
        let token = machine.processingStarted(now: 2_000)
        #expect(machine.deadlinePassed(decoderIdle: true, readingBody: false) == .handlerTimeout(seconds: 40))
        #expect(machine.responding(keepAliveRequested: false, shuttingDown: false, decoderIdle: true, now: 3_000) == false)
        #expect(machine.responseWritten(keepAlive: false, now: 3_000) == .finish(.shutDownAndDrain))
        #expect(machine.responseArrived(token: token) == false)
    }

    @Test func aStalledHeadIsAnswered408WithTheHeaderTimeout() {
        var machine = Self.reading()
        #expect(machine.deadlinePassed(decoderIdle: false, readingBody: false) == .requestTimeout(seconds: 10))
        #expect(machine.deadline == 0)
        #expect(machine.responding(keepAliveRequested: false, shuttingDown: false, decoderIdle: false, now: 5_000) == false)
        #expect(machine.responseWritten(keepAlive: false, now: 5_000) == .finish(.shutDownAndDrain))
        #expect(machine.state == .draining)
    }

    @Test func aHeadWithABodyGetsTheBodyTimeoutAndAStalledBodyIs408WithIt() {
        var machine = Self.reading()
        machine.bodyExpected(now: 3_000)
        #expect(machine.deadline == 3_000 + Self.timeouts.body)
        #expect(machine.deadlinePassed(decoderIdle: false, readingBody: true) == .requestTimeout(seconds: 20))
    }

    @Test func connectionCloseDrainsThenClosesWhenTheClientDoes() {
        var machine = Self.reading()
        #expect(Self.serveOne(&machine, keepAlive: false, now: 2_000) == false)
        #expect(machine.responseWritten(keepAlive: false, now: 2_000) == .finish(.shutDownAndDrain))
        #expect(machine.state == .draining)
        #expect(machine.deadline == 2_000 + Self.timeouts.linger)
        #expect(machine.bytesReceived(decoderWasIdle: true, now: 2_100) == .discard)  // unread input is thrown away
        #expect(!machine.readsRequests)
        #expect(machine.endOfStream() == .close)
    }

    @Test func aClientThatNeverClosesIsClosedWhenTheLingerTimeEnds() {
        var machine = Self.reading()
        _ = Self.serveOne(&machine, keepAlive: false)
        _ = machine.responseWritten(keepAlive: false, now: 2_000)
        #expect(machine.deadlinePassed(decoderIdle: true, readingBody: false) == .close)
    }

    @Test func theConnectionClosesAfterItsMaximumOfRequests() {
        var machine = Self.reading()
        #expect(Self.serveOne(&machine) == true)
        #expect(Self.serveOne(&machine) == true)
        #expect(Self.serveOne(&machine) == false)  // the third of 3 says Connection: close
        #expect(machine.requestsServed == 3)
    }

    @Test func shutdownClosesAnIdleConnectionAndEndsABusyOneAfterItsResponse() {
        var idle = Self.reading()
        #expect(idle.closesAtShutdown(decoderIdle: true))
        #expect(!idle.closesAtShutdown(decoderIdle: false))  // a request half read finishes first
        var busy = Self.reading()
        busy.requestDecoded()
        let token = busy.processingStarted(now: 2_000)
        #expect(!busy.closesAtShutdown(decoderIdle: true))
        #expect(busy.responseArrived(token: token) == true)
        #expect(busy.responding(keepAliveRequested: true, shuttingDown: true, decoderIdle: true, now: 3_000) == false)
    }

    @Test func aHalfCloseIsAnsweredThenClosedWithoutDraining() {
        var machine = Self.reading()
        #expect(machine.endOfStream() == .stopReadingAndDecode)
        #expect(Self.serveOne(&machine) == true)
        #expect(machine.responseWritten(keepAlive: true, now: 3_000) == .decodeNext)
        #expect(machine.needMoreBytes(now: 3_000) == .finish(.close))
    }

    @Test func withoutAHalfCloseTheDecoderWaitsForMoreBytes() {
        var machine = Self.reading()
        #expect(machine.needMoreBytes(now: 3_000) == .read)
    }

    @Test func aClientThatDoesNotReadKeepsTheWriteDeadlineAndIsClosedSilently() {
        var machine = Self.reading()
        _ = Self.serveOne(&machine, now: 2_000)
        machine.writeIncomplete(now: 2_000)
        #expect(machine.state == .writing(then: .reading))
        #expect(machine.isWriting)
        #expect(machine.deadline == 2_000 + Self.timeouts.write)
        #expect(machine.responseWritten(keepAlive: true, now: 2_000) == .decodeNext)
        #expect(!machine.canDecode)  // responses leave in order: nothing is decoded meanwhile
        // Another request from the stalled client neither starts a header timeout nor moves the write deadline.
        #expect(machine.bytesReceived(decoderWasIdle: true, now: 9_000) == .decode)
        #expect(machine.deadline == 2_000 + Self.timeouts.write)
        #expect(machine.readsRequests)
        #expect(!machine.closesAtShutdown(decoderIdle: true))
        #expect(machine.deadlinePassed(decoderIdle: false, readingBody: false) == .close)
    }

    @Test func outputThatLeavesLetsTheNextRequestBeDecoded() {
        var machine = Self.reading()
        _ = Self.serveOne(&machine, now: 2_000)
        machine.writeIncomplete(now: 2_000)
        #expect(machine.outputFlushed(decoderIdle: false, now: 6_000) == .decode)
        #expect(machine.state == .reading)
        #expect(machine.deadline == 6_000 + Self.timeouts.header)
        #expect(machine.outputFlushed(decoderIdle: true, now: 7_000) == .none)  // nothing was waiting
    }

    @Test func aFinalResponseThatIsStillLeavingDrainsOnceItHasLeft() {
        var machine = Self.reading()
        _ = Self.serveOne(&machine, keepAlive: false, now: 2_000)
        machine.writeIncomplete(now: 2_000)
        #expect(machine.responseWritten(keepAlive: false, now: 2_000) == .finish(.waitForOutput))
        #expect(machine.state == .writing(then: .draining))
        #expect(machine.outputFlushed(decoderIdle: true, now: 8_000) == .finish(.shutDownAndDrain))
        #expect(machine.deadline == 8_000 + Self.timeouts.linger)
    }

    @Test func aFinalResponseToAClientThatHasGoneClosesWithoutDraining() {
        var machine = Self.reading()
        #expect(machine.endOfStream() == .stopReadingAndDecode)
        _ = Self.serveOne(&machine, keepAlive: false)
        machine.writeIncomplete(now: 2_000)
        #expect(machine.responseWritten(keepAlive: false, now: 2_000) == .finish(.waitForOutput))
        #expect(machine.outputFlushed(decoderIdle: true, now: 3_000) == .finish(.close))
    }

    @Test func a100ContinueThatCannotLeaveAtOnceStillGivesTheBodyItsTimeout() {
        var machine = Self.reading()
        machine.writeIncomplete(now: 2_000)  // the interim response waits for the socket
        machine.bodyExpected(now: 2_000)
        #expect(machine.deadline == 2_000 + Self.timeouts.body)
        #expect(!machine.canDecode)
        #expect(machine.outputFlushed(decoderIdle: false, now: 3_000) == .decode)
    }

    @Test func aClosedConnectionIgnoresEverythingAfter() {
        var machine = Self.reading()
        machine.close()
        #expect(machine.state == .closed)
        #expect(machine.deadline == 0)
        #expect(machine.bytesReceived(decoderWasIdle: true, now: 5_000) == .discard)
        #expect(machine.deadlinePassed(decoderIdle: true, readingBody: false) == .none)
        #expect(machine.responseWritten(keepAlive: true, now: 5_000) == .none)
        #expect(machine.finish(now: 5_000) == .close)
        #expect(machine.responseArrived(token: 1) == false)
    }

    // MARK: Streamed bodies

    @Test func aStreamPullsEachPartOnlyAfterThePreviousHasLeftThenGoesOnAsAfterAResponse() {
        var machine = Self.reading()
        let keepAlive = Self.serveOne(&machine)
        #expect(machine.streamStarted(keepAlive: keepAlive, now: 3_000) == .pull)
        #expect(machine.state == .streaming(keepAlive: true))
        #expect(machine.deadline == 3_000 + Self.timeouts.handler)  // the producer must answer in time
        #expect(machine.awaitsPart)
        #expect(!machine.canDecode)  // a pipelined request waits for the stream's end
        #expect(machine.bytesReceived(decoderWasIdle: true, now: 3_100) == .decode)
        // A part the socket took at once: pull the next.
        #expect(machine.partWritten(now: 4_000) == .pull)
        #expect(machine.deadline == 4_000 + Self.timeouts.handler)
        // A part the socket did not take: wait, within the write timeout, then pull.
        machine.writeIncomplete(now: 5_000)
        #expect(machine.state == .writing(then: .streaming(keepAlive: true)))
        #expect(machine.deadline == 5_000 + Self.timeouts.write)
        #expect(!machine.awaitsPart)
        #expect(machine.partWritten(now: 5_000) == .waitForOutput)
        #expect(machine.outputFlushed(decoderIdle: true, now: 6_000) == .pull)
        #expect(machine.state == .streaming(keepAlive: true))
        #expect(machine.streamEnded(decoderIdle: false, now: 7_000) == true)
        #expect(machine.state == .reading)
        #expect(machine.deadline == 7_000 + Self.timeouts.header)
        #expect(machine.responseWritten(keepAlive: true, now: 7_000) == .decodeNext)
        #expect(machine.canDecode)
    }

    @Test func aStreamWhoseHeadDidNotLeaveAtOnceStartsPullingWhenItHas() {
        var machine = Self.reading()
        _ = Self.serveOne(&machine)
        machine.writeIncomplete(now: 3_000)
        #expect(machine.streamStarted(keepAlive: false, now: 3_000) == .waitForOutput)
        #expect(machine.state == .writing(then: .streaming(keepAlive: false)))
        #expect(machine.outputFlushed(decoderIdle: true, now: 4_000) == .pull)
        #expect(machine.streamEnded(decoderIdle: true, now: 5_000) == false)
        #expect(machine.responseWritten(keepAlive: false, now: 5_000) == .finish(.shutDownAndDrain))
    }

    @Test func aStreamEndsByClosingWhenADeadlinePassesOrTheClientIsGone() {
        var stalled = Self.reading()
        _ = Self.serveOne(&stalled)
        _ = stalled.streamStarted(keepAlive: true, now: 3_000)
        #expect(stalled.deadlinePassed(decoderIdle: true, readingBody: false) == .close)  // a producer that does not answer
        var slow = Self.reading()
        _ = Self.serveOne(&slow)
        _ = slow.streamStarted(keepAlive: true, now: 3_000)
        slow.writeIncomplete(now: 4_000)
        #expect(slow.deadlinePassed(decoderIdle: true, readingBody: false) == .close)  // a client that does not read
        var gone = Self.reading()
        _ = Self.serveOne(&gone)
        _ = gone.streamStarted(keepAlive: true, now: 3_000)
        gone.close()
        #expect(!gone.awaitsPart)  // a late part is dropped
        #expect(gone.partWritten(now: 4_000) == .none)
        #expect(gone.streamEnded(decoderIdle: true, now: 4_000) == false)
        #expect(gone.state == .closed)
    }

    @Test func aClientsHalfCloseDuringAStreamClosesAfterItsEnd() {
        var machine = Self.reading()
        _ = Self.serveOne(&machine)
        _ = machine.streamStarted(keepAlive: true, now: 3_000)
        #expect(machine.endOfStream() == .stopReadingAndDecode)
        #expect(machine.streamEnded(decoderIdle: true, now: 4_000) == true)
        #expect(machine.responseWritten(keepAlive: true, now: 4_000) == .decodeNext)
        #expect(machine.needMoreBytes(now: 4_000) == .finish(.close))
    }

    @Test func shutdownWaitsForAStreamToEnd() {
        var machine = Self.reading()
        _ = Self.serveOne(&machine)
        _ = machine.streamStarted(keepAlive: true, now: 3_000)
        #expect(machine.closesAtShutdown(decoderIdle: true) == false)
    }
}
