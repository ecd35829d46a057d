/**
 * uPlot and its stylesheet, as one lazily loaded chunk: only a page that draws a chart loads it, and only
 * once a chart is on screen, so neither the initial JavaScript nor the first paint of a page waits for it.
 */
import 'uplot/dist/uPlot.min.css';

export { default } from 'uplot';
