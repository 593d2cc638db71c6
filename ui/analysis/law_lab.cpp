#include "analysis/law_lab.h"
#include "analysis/analysis_view_parts.h"
#include "analysis/law_lab_plot.h"
#include "systems/scenario_setup.h"
#include "widgets/data_export.h"
#include "widgets/view_exporter.h"

#include "friction/friction_law.h"
#include "friction/state_law.h"
#include "params/parameter_spec.h"
#include "systems/system_registry.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace fl::ui {
namespace {

QString num(double v) { return QString::number(v, 'g', 4); }

const fl::FrictionLawInfo* lawOf(const fl::Scenario& s)
{
    const fl::SystemInfo* system = fl::findSystem(s.systemId);
    return system ? fl::findLaw(system->lawFamily, s.lawId) : nullptr;
}

/// The law's own parameters (the values a changed law or law parameter is detected by).
std::vector<double> lawValues(const fl::Scenario& s)
{
    std::vector<double> values;
    if (const fl::FrictionLawInfo* law = lawOf(s))
        for (const fl::ParameterSpec& spec : law->specs)
            values.push_back(s.params.value(spec.id));
    return values;
}

QString kindName(fl::LawExperimentKind kind)
{
    switch (kind) {
    case fl::LawExperimentKind::PreSliding: return LawLab::tr("Pre-sliding: force against displacement");
    case fl::LawExperimentKind::FrictionalLag: return LawLab::tr("Frictional lag: oscillating sliding speed");
    case fl::LawExperimentKind::SpeedSteps: return LawLab::tr("Speed steps: memory and fading");
    }
    return {};
}

} // namespace

LawLab::LawLab(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("lawLab"));
    connect(&m_jobs, &JobRunner::statusChanged, this, [this](JobStatus status) {
        if (status == JobStatus::Failed)
            onStopped(m_jobs.errorMessage());
    });
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    m_experiment = new QComboBox(this);
    m_experiment->setObjectName(QStringLiteral("lawLabExperiment"));
    m_experiment->setToolTip(tr("The experiment: the law alone, driven by a prescribed relative motion (a tribometer)."));
    m_valuesLabel = new QLabel(this);
    m_values = new QLineEdit(this);
    m_values->setObjectName(QStringLiteral("lawLabValues"));
    m_valuesLabel->setBuddy(m_values);
    m_run = new QPushButton(tr("&Run experiment"), this);
    m_run->setObjectName(QStringLiteral("lawLabRun"));
    m_run->setToolTip(tr("Run the experiment (Enter in the field)"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the experiment (Esc); the last one stays on screen"));
    m_exporter = new ViewExporter(this, [this] { return exportItems(); });
    m_export = m_exporter->makeButton(this, tr("Export the plot (PNG, SVG, PDF) or the curves (CSV)"));
    bar->addWidget(m_experiment, 2);
    bar->addWidget(m_valuesLabel);
    bar->addWidget(m_values, 2);
    bar->addWidget(m_run);
    bar->addWidget(m_cancel);
    bar->addWidget(m_export);
    layout->addLayout(bar);
    m_intro = new QLabel(this);
    m_intro->setObjectName(QStringLiteral("lawLabIntro"));
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    m_message = makeMessageLabel(this, QStringLiteral("lawLabMessage"));
    layout->addWidget(m_message);
    m_plot = new LawLabPlot(this);
    layout->addWidget(m_plot, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("lawLabStatus"));
    layout->addWidget(m_status);

    connect(m_experiment, &QComboBox::currentIndexChanged, this, [this] {
        resetFields();
        start();
    });
    connect(m_values, &QLineEdit::returnPressed, this, [this] { start(); });
    connect(m_run, &QPushButton::clicked, this, [this] { start(); });
    connect(m_cancel, &QPushButton::clicked, this, &LawLab::cancel);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QWidget::customContextMenuRequested, this, [this](const QPoint& p) {
        m_exporter->execPlotMenu(m_plot, p);
    });
    fillExperiments();
    setRunning(false);
}

LawLab::~LawLab() = default; // m_jobs cancels the experiment and waits

bool LawLab::hasLaw() const
{
    const fl::FrictionLawInfo* law = lawOf(m_scenario);
    return law && law->hasMemory();
}

void LawLab::setScenario(const fl::Scenario& scenario)
{
    const bool changed = scenario.lawId != m_scenario.lawId || lawValues(scenario) != lawValues(m_scenario)
                         || scenario.regularization != m_scenario.regularization;
    const bool sameLaw = scenario.lawId == m_scenario.lawId;
    m_scenario = scenario;
    if (!changed)
        return;
    m_stale = true;
    if (!sameLaw) {
        m_plot->clearExperiment(); // LuGre's loops stayed under "this law has no memory"
        fillExperiments();         // resets the fields through the combo
    }
    else
        resetFields();
}

void LawLab::fillExperiments()
{
    const QSignalBlocker block(m_experiment);
    const QVariant previous = m_experiment->currentData();
    m_experiment->clear();
    if (hasLaw())
        for (fl::LawExperimentKind kind : fl::experimentsFor(m_scenario.lawId))
            m_experiment->addItem(kindName(kind), static_cast<int>(kind));
    const int again = m_experiment->findData(previous);
    m_experiment->setCurrentIndex(again >= 0 ? again : 0);
    resetFields();
}

fl::LawExperimentKind LawLab::kind() const
{
    return static_cast<fl::LawExperimentKind>(m_experiment->currentData().toInt());
}

void LawLab::resetFields()
{
    const bool law = hasLaw() && m_experiment->count() > 0;
    m_experiment->setEnabled(law);
    m_values->setEnabled(law);
    m_run->setEnabled(law && !isRunning());
    if (!law) {
        m_values->clear();
        m_valuesLabel->setText(QString());
        describe();
        return;
    }
    m_spec = fl::defaultExperiment(kind(), m_scenario.lawId, m_scenario.params);
    QStringList values;
    switch (kind()) {
    case fl::LawExperimentKind::PreSliding:
        m_valuesLabel->setText(tr("Amplitudes X:"));
        m_values->setToolTip(tr("Displacement amplitudes X of x = X sin(ωt), comma-separated, up to 8, each > 0 (units of N/k).\n"
                                "Default: 0.25 … 4 × the bristle reach μ_k/σ₀."));
        for (double v : m_spec.values)
            values << num(v);
        break;
    case fl::LawExperimentKind::FrictionalLag:
        m_valuesLabel->setText(tr("Frequencies ω:"));
        m_values->setToolTip(tr("Frequencies ω of v_r = v₀ + Δv sin(ωt), comma-separated, up to 8, each > 0.\n"
                                "Default: 0.001 … 1 × the law's relaxation rate at v₀."));
        for (double v : m_spec.values)
            values << num(v);
        break;
    case fl::LawExperimentKind::SpeedSteps:
        m_valuesLabel->setText(tr("Speeds v₁, v₂:"));
        m_values->setToolTip(tr("The sliding speed steps v₁ → v₂ → v₁: two different values, each > 0."));
        values << num(m_spec.v0) << num(m_spec.v0 + m_spec.dv);
        break;
    }
    m_values->setText(values.join(QStringLiteral(", ")));
    describe();
}

void LawLab::describe()
{
    const fl::FrictionLawInfo* law = lawOf(m_scenario);
    if (!hasLaw() || m_experiment->count() == 0) {
        m_intro->setText(tr("The law lab drives a friction law <b>with memory</b> by a prescribed motion, as a tribometer does. "
                            "The current law, %1, has no internal state: choose Dahl, LuGre, elasto-plastic, Bliman–Sorine or "
                            "Ostermeyer as the friction law in the parameter panel.")
                             .arg(law ? QString::fromStdString(law->name).toHtmlEscaped() : tr("none")));
        return;
    }
    const QString name = QString::fromStdString(law->name).toHtmlEscaped();
    switch (kind()) {
    case fl::LawExperimentKind::PreSliding:
        m_intro->setText(tr("<b>%1</b> under displacement reversals x = X sin(ωt), ω = %2, the last of %3 periods: small X stay "
                            "on the bristle's spring (dashed, slope σ₀); larger X slide, and the loop flattens at the sliding level.")
                             .arg(name, num(m_spec.omega))
                             .arg(m_spec.periods));
        break;
    case fl::LawExperimentKind::FrictionalLag:
        m_intro->setText(tr("<b>%1</b> under a sliding speed v_r = %2 + %3 sin(ωt), the last of %4 periods: slow oscillations "
                            "follow the steady curve; as ω rises the force lags behind the speed and the loop opens "
                            "(Hess &amp; Soom 1990).")
                             .arg(name, num(m_spec.v0), num(m_spec.dv))
                             .arg(m_spec.periods));
        break;
    case fl::LawExperimentKind::SpeedSteps:
        m_intro->setText(tr("<b>%1</b> with the sliding speed stepped v₁ → v₂ → v₁, %2 at each: the force (coloured) relaxes to "
                            "the new steady level (grey) at the law's own pace; Ostermeyer's μ falls as the sliding power rises "
                            "(fading).")
                             .arg(name, num(m_spec.duration)));
        break;
    }
}

bool LawLab::start()
{
    if (!hasLaw() || m_experiment->count() == 0) {
        showMessage(tr("No law with memory to examine: choose one in the parameter panel."));
        return false;
    }
    // The field: positive numbers separated by commas or spaces.
    std::vector<double> values;
    const QStringList parts = m_values->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const QString& part : parts) {
        bool ok = false;
        const double v = QLocale::c().toDouble(part, &ok);
        if (!ok || !std::isfinite(v) || v <= 0.0) {
            showMessage(tr("'%1' is not a positive number: %2").arg(part, m_values->toolTip().section(QLatin1Char('\n'), 0, 0)));
            return false;
        }
        values.push_back(v);
    }
    // The limits of the analysis (contract/law_lab_analysis.h), `session run`'s too.
    const fl::LawLabSetup setup{fl::lawExperimentId(kind()), values};
    if (const fl::SetupProblem problem = fl::LawLabAnalysis::check(m_scenario, setup); !problem.ok()) {
        showMessage(kind() == fl::LawExperimentKind::SpeedSteps ? tr("Give two different speeds v₁, v₂ > 0, e.g. 0.2, 1")
                                                                : tr("Give 1 to 8 values: %1").arg(m_values->toolTip().section(QLatin1Char('\n'), 0, 0)));
        return false;
    }
    showMessage(QString());
    m_spec = fl::LawLabAnalysis::spec(m_scenario, setup);
    m_stale = false;
    m_runScenario = m_scenario;
    m_runSetup = setup;
    // A running experiment is superseded (and cancelled): only the newest one's result is shown.
    using Run = std::pair<std::shared_ptr<const fl::LawExperimentResult>, double>;
    m_jobs.start([scenario = m_scenario, setup](JobContext& context) {
        QElapsedTimer timer;
        timer.start();
        fl::AnalysisContext analysis;
        analysis.cancel = context.cancelFlag();
        auto result = std::make_shared<const fl::LawExperimentResult>(fl::LawLabAnalysis::run(scenario, setup, analysis));
        return Run(result, timer.nsecsElapsed() * 1e-9);
    }, [this](const Run& run) { onFinished(run.first, run.second); });
    setRunning(true);
    return true;
}

bool LawLab::startExperiment(fl::LawExperimentKind kind)
{
    const int index = m_experiment->findData(static_cast<int>(kind));
    if (index < 0)
        return false;
    {
        const QSignalBlocker block(m_experiment);
        m_experiment->setCurrentIndex(index);
    }
    resetFields();
    return start();
}

void LawLab::cancel() { m_jobs.cancel(); }

void LawLab::onStopped(const QString& reason)
{
    setRunning(false);
    showMessage(tr("Experiment stopped: %1. The last experiment stays on screen.").arg(reason));
    emit experimentFinished(false);
}

void LawLab::onFinished(const std::shared_ptr<const fl::LawExperimentResult>& result, double seconds)
{
    if (!result->status.ok()) {
        onStopped(QString::fromStdString(result->status.message()));
        return;
    }
    setRunning(false);
    m_result = result;
    m_plot->showExperiment(result);
    m_status->setText(tr("%1 curves · %2 integrator steps (BDF) · %3 ms").arg(result->curves.size()).arg(result->steps).arg(seconds * 1e3, 0, 'f', 1));
    emit experimentFinished(true);
}

void LawLab::setRunning(bool running)
{
    m_cancel->setEnabled(running);
    m_run->setEnabled(!running && hasLaw());
}

void LawLab::showMessage(const QString& text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

void LawLab::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && isRunning()) {
        cancel();
        return;
    }
    QWidget::keyPressEvent(event);
}

QString LawLab::introText() const { return m_intro->text(); }
QString LawLab::statusText() const { return m_status->text(); }
QString LawLab::messageText() const { return m_message->text(); }

bool LawLab::exportCsv(const QString& path, QString* error) const
{
    if (!m_result) {
        if (error)
            *error = tr("there is no experiment to export yet");
        return false;
    }
    // The analysis's CSV, as `frictionlab-cli session run --view law-lab` writes it.
    const QByteArray csv = QByteArray::fromStdString(fl::LawLabAnalysis::csv(m_runScenario, m_runSetup, *m_result));
    return writeFileAtomically(path, csv, error);
}

QList<ExportItem> LawLab::exportItems()
{
    const auto has = [this] { return m_result != nullptr; };
    ExportItem curves = ExportItem::dataItem(QStringLiteral("csv:curves"), tr("Curves (CSV)…"), tr("Export CSV"), tr("CSV (*.csv)"),
                                             [this](const QString& path, QString* error) { return exportCsv(path, error); }, has);
    curves.contextLabel = tr("Export the curves (CSV)…");
    curves.fileName = QStringLiteral("law-lab.csv");
    return {ExportItem::plotItem(QStringLiteral("plot"), tr("Plot (PNG, SVG, PDF)…"), [this] { return m_plot; }, has), curves};
}

void LawLab::followShown()
{
    if (isStale() && hasLaw())
        start();
}

bool LawLab::openPreset(const fl::Preset& preset)
{
    if (!preset.lawExperiment)
        return false;
    startExperiment(*preset.lawExperiment);
    return true;
}

} // namespace fl::ui
