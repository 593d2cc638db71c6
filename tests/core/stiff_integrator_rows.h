#pragma once
// One data row per stiff integrator of the regularized method (column "integrator", an int of
// fl::StiffIntegrator), for tests that must hold with BDF and with Rosenbrock4.
#include "scenario/scenario.h"

#include <QTest>

namespace fltest {

inline void addStiffIntegratorRows()
{
    QTest::addColumn<int>("integrator");
    QTest::newRow("BDF") << int(fl::StiffIntegrator::Bdf);
    QTest::newRow("Rosenbrock4") << int(fl::StiffIntegrator::Rosenbrock4);
}

} // namespace fltest
