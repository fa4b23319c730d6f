import Testing
@testable import SceneLinkCore

@Suite struct RouteFileErrorTests {
    @Test func saysHowManyProblemsThereAreAndListsEachWithItsLocation() {
        let one = RouteFileError(problems: [RouteFileProblem(location: "routes[0].path", message: "Bad.")])
        #expect(one.description == "The route file has 1 problem; fix it and load it again:\n  routes[0].path: Bad.")
        let two = RouteFileError(problems: [RouteFileProblem(location: "a", message: "One."),
                                            RouteFileProblem(location: "b", message: "Two.")])
        #expect(two.description == "The route file has 2 problems; fix them and load it again:\n  a: One.\n  b: Two.")
    }
}
