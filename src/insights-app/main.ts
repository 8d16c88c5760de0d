/** The Insights page's entry (index.html): its styles and the <insights-app> element. */
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import './insights-app/insights-app.ts';
