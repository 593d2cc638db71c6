#pragma once
// Trees compiled to a flat tape for the integrators' inner loops: one instruction per distinct
// operation, each writing its own register, evaluated in one pass with no allocation and no
// recursion. Several trees compile together (a model's forces and their Jacobian entries), and
// equal subtrees, within one tree or across them, are computed once (the tanh(v/eps) of a force
// and of its derivative). The results are those of evaluate() (derivative.h) to the bit.
//
// A Tape owns its registers, so evaluate() is not const: a thread evaluates its own copy (copying a
// Tape is one allocation; the instructions are shared). Division by zero, a logarithm of a
// negative number and the like give inf or NaN in the results, as in C++; the caller checks
// finiteness.
#include "expr/functions.h"
#include "expr/node.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace fl::expr {

class Tape {
public:
    Tape() = default;
    /// The tape of outputs (each non-null); result i of evaluate() is outputs[i].
    static Tape compile(std::span<const Expr> outputs);

    /// results[i] = output i at variables (variables[slot] for every slot the outputs read).
    void evaluate(const double* variables, double* results)
    {
        if (!m_program)
            return;
        double* r = m_registers.data();
        double* out = r + m_program->firstLoad;
        for (const int slot : m_program->loads) // a gather, cheaper than one instruction per variable
            *out++ = variables[slot];
        for (const Instruction& in : m_program->code)
            *out++ = step(in, r);
        for (const int reg : m_program->outputs)
            *results++ = r[reg];
    }

    int outputCount() const { return m_program ? static_cast<int>(m_program->outputs.size()) : 0; }
    int instructionCount() const { return m_program ? static_cast<int>(m_program->code.size()) : 0; }
    /// Largest slot read + 1: the length the variables of evaluate() must have.
    int slotCount() const { return m_program ? m_program->slotCount : 0; }

private:
    enum class Op : std::uint8_t { Negate, Add, Subtract, Multiply, Divide, Power, Square, Call1, Call2 };
    struct Instruction {
        Op op;
        Function function; ///< for Call1, Call2
        std::int32_t a, b; ///< registers
    };
    struct Program {
        std::vector<Instruction> code;
        std::vector<int> outputs; ///< registers
        std::vector<double> constants;
        std::vector<int> loads; ///< the slots read, in the order of their registers
        /// Registers: the constants, then the variables read (from firstLoad), then one per
        /// instruction.
        int firstLoad = 0;
        int slotCount = 0;
    };
    class Compiler;

    static double step(const Instruction& in, const double* r)
    {
        switch (in.op) {
        case Op::Negate: return -r[in.a];
        case Op::Add: return r[in.a] + r[in.b];
        case Op::Subtract: return r[in.a] - r[in.b];
        case Op::Multiply: return r[in.a] * r[in.b];
        case Op::Divide: return r[in.a] / r[in.b];
        case Op::Power: return powerOf(r[in.a], r[in.b]);
        case Op::Square: return r[in.a] * r[in.a];
        case Op::Call1: return apply(in.function, r[in.a], 0.0);
        case Op::Call2: return apply(in.function, r[in.a], r[in.b]);
        }
        return 0.0;
    }

    std::shared_ptr<const Program> m_program;
    std::vector<double> m_registers;
};

} // namespace fl::expr
