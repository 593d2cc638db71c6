#pragma once
/// BDF vs Rosenbrock4 on the forced and unforced belt and acta2016-fig9 (prints tables).
void benchStiff();
