import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The Analytics page (`GET /console/analytics?scope&from&to&tz&interval&dimension`): one scope
/// (`all` by default) as the analytics API answers it (`ConsoleAnalyticsReport` with its scope
/// field); a wrong scope, range or zone is the page with the API's sentence and status.
package struct ConsoleAnalyticsView: ConsolePageView {
    package var title: String { ConsoleSection.analytics.title }
    package var section: ConsoleSection { .analytics }
    package var status: HTTPStatus { report.status }
    package let report: ConsoleAnalyticsReport

    /// - Parameters:
    ///   - item: the request's query items, which fill the form.
    ///   - query: the analytics items the reports were asked with, for the CSV links.
    package init(item: (String) -> String?, query: [(String, String)], dimension: AnalyticsDimension,
                 timeseries: Result<AnalyticsOperations.Timeseries, OperationError>,
                 breakdown: Result<AnalyticsOperations.Breakdown, OperationError>) {
        report = ConsoleAnalyticsReport(action: ConsoleSection.analytics.path, choosesScope: true, item: item, query: query,
                                        dimension: dimension, timeseries: timeseries, breakdown: breakdown)
    }

    package func write(into html: inout HTMLDocument) {
        report.write(into: &html)
    }
}
