#include "expr/tape.h"

#include <bit>
#include <map>
#include <tuple>
#include <unordered_map>

namespace fl::expr {

class Tape::Compiler {
public:
    Program program;

    int compile(const Expr& expr)
    {
        if (const auto it = m_done.find(expr.get()); it != m_done.end())
            return it->second;
        const int reg = emit(*expr);
        m_done.emplace(expr.get(), reg);
        return reg;
    }

    /// While compiling, constants are numbered -1, -2, ..., variables from kLoad and instructions
    /// from 0; finish() gives them their registers.
    void finish()
    {
        const int constants = static_cast<int>(program.constants.size());
        const int results = constants + static_cast<int>(program.loads.size());
        auto moved = [&](int reg) { return reg < 0 ? -reg - 1 : reg >= kLoad ? constants + (reg - kLoad) : results + reg; };
        for (Instruction& in : program.code) {
            in.a = moved(in.a);
            if (in.op != Op::Negate && in.op != Op::Square && in.op != Op::Call1)
                in.b = moved(in.b);
        }
        for (int& reg : program.outputs)
            reg = moved(reg);
        program.firstLoad = constants;
    }

private:
    static constexpr int kLoad = 1 << 30;

    int load(int slot)
    {
        if (const auto it = m_loads.find(slot); it != m_loads.end())
            return it->second;
        program.loads.push_back(slot);
        const int reg = kLoad + static_cast<int>(program.loads.size()) - 1;
        m_loads.emplace(slot, reg);
        return reg;
    }

    int constant(double value)
    {
        const auto bits = std::bit_cast<std::uint64_t>(value);
        if (const auto it = m_constants.find(bits); it != m_constants.end())
            return it->second;
        program.constants.push_back(value);
        const int reg = -static_cast<int>(program.constants.size());
        m_constants.emplace(bits, reg);
        return reg;
    }

    /// The register of instruction (op, function, a, b), emitting it unless an equal one exists.
    int instruction(Op op, Function function, int a, int b)
    {
        const auto key = std::make_tuple(static_cast<int>(op), static_cast<int>(function), a, b);
        if (const auto it = m_instructions.find(key); it != m_instructions.end())
            return it->second;
        program.code.push_back({op, function, a, b});
        const int reg = static_cast<int>(program.code.size()) - 1;
        m_instructions.emplace(key, reg);
        return reg;
    }

    int emit(const Node& node)
    {
        switch (node.kind) {
        case Kind::Number: return constant(node.value);
        case Kind::Variable:
            program.slotCount = std::max(program.slotCount, node.slot + 1);
            return load(node.slot);
        default: break;
        }
        const int a = compile(node.a);
        if (node.kind == Kind::Negate)
            return instruction(Op::Negate, Function::Sin, a, 0);
        if (node.kind == Kind::Call && node.arity == 1)
            return instruction(Op::Call1, node.function, a, 0);
        const bool squared = (node.kind == Kind::Power || (node.kind == Kind::Call && node.function == Function::Pow))
                             && node.b->kind == Kind::Number && node.b->value == 2.0;
        if (squared)
            return instruction(Op::Square, Function::Sin, a, 0);
        const int b = compile(node.b);
        switch (node.kind) {
        case Kind::Add: return instruction(Op::Add, Function::Sin, a, b);
        case Kind::Subtract: return instruction(Op::Subtract, Function::Sin, a, b);
        case Kind::Multiply: return instruction(Op::Multiply, Function::Sin, a, b);
        case Kind::Divide: return instruction(Op::Divide, Function::Sin, a, b);
        case Kind::Power: return instruction(Op::Power, Function::Sin, a, b);
        default: return node.function == Function::Pow ? instruction(Op::Power, Function::Sin, a, b) : instruction(Op::Call2, node.function, a, b);
        }
    }

    std::unordered_map<const Node*, int> m_done;
    std::unordered_map<std::uint64_t, int> m_constants;
    std::unordered_map<int, int> m_loads;
    std::map<std::tuple<int, int, int, int>, int> m_instructions;
};

Tape Tape::compile(std::span<const Expr> outputs)
{
    Compiler compiler;
    for (const Expr& output : outputs)
        compiler.program.outputs.push_back(compiler.compile(output));
    compiler.finish();
    Tape tape;
    tape.m_registers.assign(compiler.program.constants.size() + compiler.program.loads.size() + compiler.program.code.size(), 0.0);
    std::copy(compiler.program.constants.begin(), compiler.program.constants.end(), tape.m_registers.begin());
    tape.m_program = std::make_shared<const Program>(std::move(compiler.program));
    return tape;
}

} // namespace fl::expr
