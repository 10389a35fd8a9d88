/**
 * {@code mutexlab report}: result files turned into neutral charts, drawn as one offline HTML page
 * (Chart.js, vendored) or as PNGs (XChart).
 *
 * <p>Layer: above {@code compare}, whose figures it draws.
 *
 * <p>Open first: {@link dev.mutexlab.lab.report.ReportCharts}, then
 * {@link dev.mutexlab.lab.report.HtmlReport}.
 */
package dev.mutexlab.lab.report;
